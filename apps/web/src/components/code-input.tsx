import { Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { IconClipboard } from '@tabler/icons-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

const CODE_LENGTH = 6;

/** docs/product/accounts.md: pasting fills the boxes "only if it is exactly 6 digits" (a trailing newline aside). */
export function asSixDigitCode(text: string): string | null {
  const trimmed = text.trim();
  return /^\d{6}$/.test(trimmed) ? trimmed : null;
}

const NOT_A_CODE = 'The clipboard does not hold a 6-digit code.';
const CLIPBOARD_BLOCKED = 'The clipboard could not be read. Type the code instead.';

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called once all six boxes are filled, by typing or pasting. */
  onComplete?: (value: string) => void;
  error?: string;
  disabled?: boolean;
  label?: string;
  /**
   * Puts the cursor in the first box when it changes (and the boxes are enabled): after the
   * boxes were emptied, so the next code can be typed at once.
   */
  focusRequest?: number;
}

/**
 * What the boxes need that Mantine does not give them: the cursor in the first one on a focus
 * request, and the error message read by each.
 */
function useBoxesAria(error: string | undefined, focusRequest: number, disabled: boolean | undefined) {
  const boxes = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest > 0 && !disabled) boxes.current?.querySelector<HTMLInputElement>('input[data-autofocus]')?.focus();
  }, [focusRequest, disabled]);
  const errorId = useId();
  // Each box is marked invalid with the code (Mantine does it) and must read the message too:
  // the keyboard is on the boxes, not on their group. Mantine's inputs set aria-describedby
  // only from a field wrapper, which would also give all six boxes one id, so it is set here.
  useLayoutEffect(() => {
    for (const box of boxes.current?.querySelectorAll('input:not([type="hidden"])') ?? []) {
      if (error) box.setAttribute('aria-describedby', errorId);
      else box.removeAttribute('aria-describedby');
    }
  }, [error, errorId]);
  return { boxes, errorId };
}

/** Pasting a code, by the button or into a box: six digits fill the boxes, anything else gives a hint. */
function useCodeFill(onChange: (value: string) => void, onComplete: ((value: string) => void) | undefined) {
  const [hint, setHint] = useState('');

  const fill = (text: string) => {
    const code = asSixDigitCode(text);
    if (!code) {
      setHint(NOT_A_CODE);
      return;
    }
    setHint('');
    onChange(code);
    onComplete?.(code);
  };

  const pasteFromClipboard = async () => {
    try {
      fill(await navigator.clipboard.readText());
    } catch {
      setHint(CLIPBOARD_BLOCKED);
    }
  };

  return { hint, clearHint: () => setHint(''), fill, pasteFromClipboard };
}

/**
 * The six single-digit code boxes (VERIFY_OTP, VERIFY_EMAIL_UPDATE) with a "Paste code"
 * button. Mantine's PinInput keeps to digits and moves the focus forward on entry and back on
 * Backspace from an empty box; pasting, by the button or into a box, follows the one rule above.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  error,
  disabled,
  label = 'Verification code',
  focusRequest = 0,
}: CodeInputProps) {
  const labelId = useId();
  // A fixed id: without one Mantine swaps it for a random one after the first render, and the
  // boxes, keyed by it, are made anew, losing what useBoxesAria set on them.
  const boxesId = useId();
  const { boxes, errorId } = useBoxesAria(error, focusRequest, disabled);
  const { hint, clearHint, fill, pasteFromClipboard } = useCodeFill(onChange, onComplete);

  return (
    <Stack gap="xs">
      <Input.Label id={labelId} component="span">
        {label}
      </Input.Label>
      <Group ref={boxes} gap="sm" wrap="wrap" align="center">
        <PinInput
          id={boxesId}
          length={CODE_LENGTH}
          type="number"
          inputMode="numeric"
          size="md"
          gap="xs"
          placeholder=""
          value={value}
          onChange={(next) => {
            clearHint();
            onChange(next);
          }}
          onComplete={onComplete}
          error={Boolean(error)}
          disabled={disabled}
          aria-labelledby={labelId}
          getInputProps={(index) => ({
            'aria-label': `Digit ${index + 1} of ${CODE_LENGTH}`,
            // A dialog that opens on the code puts the cursor in the first box, ready for typing.
            'data-autofocus': index === 0 ? true : undefined,
            onPaste: (event: React.ClipboardEvent<HTMLInputElement>) => {
              event.preventDefault();
              fill(event.clipboardData.getData('text/plain'));
            },
          })}
        />
        <Button
          variant="default"
          size="sm"
          leftSection={<IconClipboard size={16} aria-hidden />}
          onClick={() => void pasteFromClipboard()}
          disabled={disabled}
        >
          Paste code
        </Button>
      </Group>
      {error && (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)">
          {error}
        </Text>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {hint}
      </Text>
    </Stack>
  );
}
