import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { asSixDigitCode, CodeInput } from './code-input';

function Harness({ onComplete }: { onComplete?: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <AppProviders env="test">
      <CodeInput value={value} onChange={setValue} onComplete={onComplete} />
      <output data-testid="value">{value}</output>
    </AppProviders>
  );
}

function setup() {
  const user = userEvent.setup();
  const onComplete = vi.fn();
  render(<Harness onComplete={onComplete} />);
  const boxes = Array.from({ length: 6 }, (_, index) => screen.getByLabelText(`Digit ${index + 1} of 6`));
  return { user, onComplete, boxes };
}

describe('asSixDigitCode', () => {
  it.each([
    ['123456', '123456'],
    ['  123456\n', '123456'],
    ['12345', null],
    ['1234567', null],
    ['12a456', null],
    ['123 456', null],
    ['', null],
  ])('%j gives %j', (text, code) => {
    expect(asSixDigitCode(text)).toBe(code);
  });
});

describe('CodeInput', () => {
  it('ties its message to every box, each marked invalid', () => {
    render(
      <AppProviders env="test">
        <CodeInput value="12" onChange={() => {}} error="The code must be 6 digits" />
      </AppProviders>,
    );
    for (let index = 1; index <= 6; index += 1) {
      const box = screen.getByLabelText(`Digit ${index} of 6`);
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription('The code must be 6 digits');
    }
  });

  it('names each of the six boxes and the group', () => {
    const { boxes } = setup();
    expect(boxes).toHaveLength(6);
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
  });

  it('takes digits only and moves forward as they are typed, back on Backspace', async () => {
    const { user, boxes } = setup();
    await user.click(boxes[0]!);
    await user.keyboard('1a2');
    expect(screen.getByTestId('value')).toHaveTextContent('12');
    expect(boxes[2]).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(boxes[1]).toHaveFocus();
  });

  it('fills all boxes from the Paste code button when the clipboard holds exactly 6 digits', async () => {
    const { user, boxes, onComplete } = setup();
    await navigator.clipboard.writeText('123456');
    await user.click(screen.getByRole('button', { name: 'Paste code' }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('123456'));
    expect(boxes.map((box) => (box as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it.each(['12345', '1234567', '12a456', 'code 123456'])(
    'leaves the boxes alone when the clipboard holds %j',
    async (text) => {
      const { user, boxes, onComplete } = setup();
      await navigator.clipboard.writeText(text);
      await user.click(screen.getByRole('button', { name: 'Paste code' }));
      expect(await screen.findByText('The clipboard does not hold a 6-digit code.')).toBeInTheDocument();
      expect(screen.getByTestId('value')).toHaveTextContent('');
      expect(boxes.every((box) => (box as HTMLInputElement).value === '')).toBe(true);
      expect(onComplete).not.toHaveBeenCalled();
    },
  );

  it('follows the same rule for a paste into a box', async () => {
    const { user, boxes } = setup();
    await user.click(boxes[0]!);
    await user.paste('98765');
    expect(screen.getByTestId('value')).toHaveTextContent('');
    await user.paste('987654');
    expect(screen.getByTestId('value')).toHaveTextContent('987654');
  });
});
