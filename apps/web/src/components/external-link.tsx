import { Anchor, VisuallyHidden, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Every external link opens a new tab without handing it a reference to this one. */
export const NEW_TAB_PROPS = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Tells screen-reader users, as sighted users see from the icon or context, that a tab opens. */
export function NewTabHint() {
  return <VisuallyHidden> (opens in a new tab)</VisuallyHidden>;
}

export function ExternalLink({ href, children, ...props }: AnchorProps & { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} {...NEW_TAB_PROPS} {...props}>
      {children}
      <NewTabHint />
    </Anchor>
  );
}
