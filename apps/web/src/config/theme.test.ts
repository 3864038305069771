import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG 2's contrast ratio of two "#rrggbb" colours. */
function contrast(one: string, other: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('theme', () => {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const light = cssVariablesResolver(merged).light as Record<string, string>;

  it('keeps the text of hovered light buttons at 4.5:1 or more in the light scheme', () => {
    // A light button's text is its colour's shade 9 in the light scheme.
    for (const color of ['indigo', 'red']) {
      const hover = light[`--mantine-color-${color}-light-hover`]!;
      expect(contrast(merged.colors[color]![9], hover), color).toBeGreaterThanOrEqual(4.5);
      // Still a visible change from the resting background, shade 1.
      expect(hover).not.toBe(merged.colors[color]![1]);
    }
  });
});
