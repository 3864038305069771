import { Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** docs/product/accounts.md: "5 percent every 300 ms, then 500 ms before leaving" (about 6.5 seconds). */
const PROGRESS_STEP = 5;
const PROGRESS_INTERVAL_MS = 300;
const PROGRESS_EXIT_DELAY_MS = 500;

interface ProgressSuccessProps {
  title: string;
  message: ReactNode;
  /** Names the bar for screen readers: what happens when it is full. */
  progressLabel: string;
  /** Called once, 500 ms after the bar is full. */
  onDone: () => void;
  /** 1 where the screen is the page's content, 3 inside a dialog (whose title is the h2). */
  titleOrder?: 1 | 2 | 3;
}

/**
 * The success screen shared by "Password updated!" (reset page), EMAIL_CHANGE_SUCCESS and
 * PASSWORD_CHANGE_SUCCESS: a green tick, the title and message, and a bar that fills before
 * the screen moves on by itself.
 */
export function ProgressSuccess({ title, message, progressLabel, onDone, titleOrder = 3 }: ProgressSuccessProps) {
  const [value, setValue] = useState(0);
  // The caller's callback may change identity on every render; the timers must not restart.
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    const timer =
      value < 100
        ? setTimeout(() => setValue((current) => Math.min(100, current + PROGRESS_STEP)), PROGRESS_INTERVAL_MS)
        : setTimeout(() => onDoneRef.current(), PROGRESS_EXIT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  return (
    <Stack align="center" gap="md" ta="center" py="md">
      <ThemeIcon color="green" size={64} radius="xl">
        <IconCheck size={36} aria-hidden />
      </ThemeIcon>
      <Stack gap={4} role="status">
        <Title order={titleOrder} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
      </Stack>
      <Progress value={value} color="green" size="md" w="100%" aria-label={progressLabel} transitionDuration={250} />
    </Stack>
  );
}
