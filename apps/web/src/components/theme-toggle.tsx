import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle colour theme"
      title={`Switch to the ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      {/*
        Both icons, one hidden by the scheme's CSS: the page shell (decision 017) is drawn at build
        time, before anyone's scheme is known, and must show the right one in either.
      */}
      <IconSun size={20} aria-hidden className="mantine-light-hidden" />
      <IconMoon size={20} aria-hidden className="mantine-dark-hidden" />
    </ActionIcon>
  );
}
