// Numbers and UUIDs name a record, not a page.
const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** Pages whose last segment is a token rather than a word: the page is named by its parent. */
const TOKEN_PAGES = new Set(['checkout']);

function toWords(segment: string): string {
  const words = decodeURIComponent(segment).replace(/[-_]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The top bar's title (docs/product/accounts.md): the last path segment that is not an id, as words.
 * "new" names an action on its parent, so "/campaigns/new" reads "New campaign".
 */
export function pageTitleFromPath(pathname: string): string {
  const segments = pathname.split('/').filter((segment) => segment && !ID_SEGMENT.test(segment));
  if (segments.length > 1 && TOKEN_PAGES.has(segments.at(-2)!.toLowerCase())) segments.pop();
  const last = segments.at(-1);
  if (!last) return '';
  const parent = segments.at(-2);
  if (last.toLowerCase() === 'new' && parent) {
    return `New ${toWords(parent).toLowerCase().replace(/s$/, '')}`;
  }
  return toWords(last);
}
