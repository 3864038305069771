import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it("carries both icons and lets the scheme's CSS show one, so a page drawn ahead of time is right", () => {
    render(
      <AppProviders env="test" queryClient={createQueryClient()}>
        <ThemeToggle />
      </AppProviders>,
    );
    const button = screen.getByRole('button', { name: 'Toggle colour theme' });
    const icons = [...button.querySelectorAll('svg')].map((icon) => icon.getAttribute('class'));
    expect(icons).toEqual([
      expect.stringContaining('mantine-light-hidden'),
      expect.stringContaining('mantine-dark-hidden'),
    ]);
  });

  it('switches the scheme and says which one comes next', async () => {
    render(
      <AppProviders env="test" queryClient={createQueryClient()}>
        <ThemeToggle />
      </AppProviders>,
    );
    const button = screen.getByRole('button', { name: 'Toggle colour theme' });
    expect(button).toHaveAttribute('title', 'Switch to the dark theme');
    await userEvent.click(button);
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(button).toHaveAttribute('title', 'Switch to the light theme');
    await userEvent.click(button);
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
