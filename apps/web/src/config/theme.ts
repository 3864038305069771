import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

/**
 * A green for filled badges ("Paid", "Uploaded") that keeps white text at AA contrast in both
 * schemes; Mantine's own green is just under it. The same shade as the checklist's met rules.
 */
export const SUCCESS_GREEN = '#256d33';

/** The scheme a visitor sees until they choose one (the page shell's boot script reads it too). */
export const DEFAULT_COLOR_SCHEME = 'light';
/** The light/dark choice survives a reload under the key docs/product/accounts.md names ("theme"). */
export const COLOR_SCHEME_KEY = 'theme';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 in light and 8 in dark keep white text on filled controls above 4.5:1 (WCAG AA).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Mantine's close buttons carry no name of their own; screen readers would announce "button".
    // Plain objects rather than Modal.extend(): importing the components here would pull them
    // into the first chunk every page loads.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close menu' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // The toast's message is grey-6 by default, below AA contrast; "dimmed" is set to pass below.
      // Line breaks are kept: a "Validation Error" toast lists one field per line (docs/product/accounts.md).
      styles: { description: { color: 'var(--mantine-color-dimmed)', whiteSpace: 'pre-line' } },
    },
    // A disabled field that shows information (My account's e-mail) must stay readable: Mantine
    // fades it to 60 % over light grey (about 1.4:1); full opacity and the colour set below keep
    // it above 4.5:1 in both schemes, while its grey background and cursor still say "disabled".
    Input: { styles: { input: { opacity: 1 } } },
    // A <header> inside a dialog counts as a second page banner; the dialog's title bar is not one.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

/** The colour halfway between two "#rrggbb" colours. */
function halfway(one: string, other: string): string {
  const channels = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  const [a, b] = [channels(one), channels(other)];
  return `#${a
    .map((value, index) =>
      Math.round((value + b[index]!) / 2)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Mantine's default "dimmed" and "disabled" greys and error reds fail AA contrast (1.4:1 to 4:1)
 * on the page backgrounds; these shades pass in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-placeholder': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    '--mantine-color-disabled-color': t.colors.gray[7] ?? '#495057',
    // A hovered light button ("Add", "Edit metrics") has its shade-9 text on shade 2: 4.1:1.
    // Halfway between shades 1 and 2 it passes (4.7:1) and still shows the hover.
    [`--mantine-color-${t.primaryColor}-light-hover`]: halfway(
      t.colors[t.primaryColor]?.[1] ?? '#dbe4ff',
      t.colors[t.primaryColor]?.[2] ?? '#bac8ff',
    ),
    // Red's shade-9 text keeps 4.5:1 on nothing darker than its resting shade 1 (the review
    // page's Decline button): hovered, it turns lighter instead, shade 0 (5.1:1).
    '--mantine-color-red-light-hover': t.colors.red[0] ?? '#fff5f5',
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1] ?? '#b8b8b8',
    '--mantine-color-placeholder': t.colors.dark[1] ?? '#b8b8b8',
    '--mantine-color-error': t.colors.red[4] ?? '#ff8787',
    '--mantine-color-disabled-color': t.colors.dark[1] ?? '#b8b8b8',
  },
});
