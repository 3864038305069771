/**
 * Where a signed-out visitor was going, carried through the login page as `?redirect=` so that
 * logging in leads back there (docs/product/accounts.md, Login). The value comes from the
 * address bar, which anyone can write into a link, so only a path on the portal's own origin is
 * ever followed: anything else would make the login page send people to another site.
 */
const RETURN_PATH_PARAM = 'redirect';

// Control characters (tabs and line breaks among them) are dropped or bent by URL parsers, which
// can turn a harmless-looking value into another origin's address.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The only base the check resolves against; a value that leaves it names another origin. */
const CHECK_ORIGIN = 'https://portal.invalid';

/**
 * `value` when it is a path of this origin: one leading `/` (not `//`, not `/\`, which browsers
 * read as another host), no scheme, no backslash, no control character; otherwise null.
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || CONTROL_CHARACTERS.test(value)) return null;
  try {
    // What a browser would make of it, as a last word: still this origin.
    if (new URL(value, CHECK_ORIGIN).origin !== CHECK_ORIGIN) return null;
  } catch {
    return null;
  }
  return value;
}

/** The path to go back to that a page's query string (`?redirect=…`) carries, if it is a safe one. */
export function returnPathIn(search: string): string | null {
  return sameOriginPath(new URLSearchParams(search).get(RETURN_PATH_PARAM));
}

/** The login page, asked to lead back to `location` (a path and its query) after logging in. */
export function loginPathReturningTo(loginPath: string, location: { pathname: string; search: string }): string {
  const returnTo = sameOriginPath(`${location.pathname}${location.search}`);
  return returnTo ? `${loginPath}?${new URLSearchParams({ [RETURN_PATH_PARAM]: returnTo })}` : loginPath;
}
