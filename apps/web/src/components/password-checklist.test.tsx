import { render, screen, within } from '@testing-library/react';
import { PASSWORD_RULES } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { PasswordChecklist } from './password-checklist';

function metLabels(value: string): string[] {
  const { unmount } = render(
    <AppProviders env="test">
      <PasswordChecklist value={value} />
    </AppProviders>,
  );
  const items = within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
  const met = items.filter((item) => item.hasAttribute('data-met')).map((item) => item.textContent?.split(':')[0]);
  unmount();
  return met as string[];
}

describe('PasswordChecklist', () => {
  it('lists the five rules documented in docs/product/accounts.md in order', () => {
    render(
      <AppProviders env="test">
        <PasswordChecklist value="" />
      </AppProviders>,
    );
    const items = within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(PASSWORD_RULES.map((rule) => `${rule.label}: not yet`));
    expect(PASSWORD_RULES.map((rule) => rule.label)).toEqual([
      '8-32 letters',
      'Number',
      'Uppercase',
      'Lowercase',
      'Symbol',
    ]);
  });

  it.each([
    ['', []],
    ['abc', ['Lowercase']],
    ['ABC1', ['Number', 'Uppercase']],
    ['abcdefgh', ['8-32 letters', 'Lowercase']],
    ['Abcdef1!', ['8-32 letters', 'Number', 'Uppercase', 'Lowercase', 'Symbol']],
    ['Abcdef1 ', ['8-32 letters', 'Number', 'Uppercase', 'Lowercase', 'Symbol']],
    [`Aa1!${'x'.repeat(29)}`, ['Number', 'Uppercase', 'Lowercase', 'Symbol']],
  ])('%j ticks %j', (value, expected) => {
    expect(metLabels(value)).toEqual(expected);
  });
});
