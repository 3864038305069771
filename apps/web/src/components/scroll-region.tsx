import { Table, type TableScrollContainerProps } from '@mantine/core';

/**
 * A table's scroll container that the keyboard can reach: a table of plain figures has nothing
 * focusable inside, so without it the rows and columns scrolled out of view could not be reached
 * without a mouse (axe's scrollable-region-focusable). Named after the table it holds.
 */
export function ScrollRegion({ label, ...props }: TableScrollContainerProps & { label: string }) {
  return <Table.ScrollContainer type="native" tabIndex={0} role="region" aria-label={label} {...props} />;
}
