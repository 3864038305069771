/** The largest unread count shown as it is; above it the menu says "99+" (docs/product/review.md, Read state). */
const UNREAD_COUNT_SHOWN_UP_TO = 99;

/** The unread count as the menu's badge shows it: the whole number, or "99+" above 99. */
export function unreadCountLabel(count: number): string {
  return count > UNREAD_COUNT_SHOWN_UP_TO ? `${UNREAD_COUNT_SHOWN_UP_TO}+` : String(count);
}
