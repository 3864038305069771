/**
 * The page shell (docs/decisions/017-login-shell.md): index.html carries a picture of the first
 * screen, drawn by the build from the real components, so the browser paints it before any
 * JavaScript arrives. React draws the live page beside it and then takes the picture away.
 */

/** The element of index.html that holds the shell's views (written by build/shell-plugin.ts). */
export const SHELL_ELEMENT_ID = 'app-shell';

/**
 * The shell's views: the login page, the customers' portal frame (one for all their pages, whose
 * beta notice is the largest thing the page paints), and each administrators' page in its frame,
 * drawn as it shows before its data arrives (that page has nothing as large that comes early).
 */
export type ShellView = 'login' | 'customer' | `admin-${string}`;

/** An administrators' page in the shell: its view, and a regular expression (source) of its addresses. */
export interface ShellPage {
  view: ShellView;
  pattern: string;
}

/** What the boot script needs to know, fixed at build time. */
export interface ShellBootConfig {
  /** The local-storage key of the colour scheme, and the scheme to use when none is saved. */
  schemeKey: string;
  defaultScheme: 'light' | 'dark';
  /** The session store's keys (SESSION_KEYS): a token and a user slice mean "signed in". */
  tokenKey: string;
  userKey: string;
  adminRole: number;
  /** Paths that show the login page to a signed-out visitor. */
  loginPaths: string[];
  /** A regular expression (source) of the pages inside the customers' portal frame. */
  customerPages: string;
  /** The administrators' pages, each drawn in a view of its own. */
  adminPages: ShellPage[];
  /** The app's module scripts and the modules they need at once, as the build names them. */
  scripts: string[];
  modulePreloads: string[];
}

/**
 * Runs inline in <head>, before the body is parsed, so the first paint is already right: it sets
 * the colour scheme Mantine will set (the saved one, 'auto' following the system, else the
 * default) and picks the view the page will show, as `data-shell` on <html>. A signed-in user
 * never gets the login form; a page this cannot foresee (sign-up, a receipt, a redirect) gets no
 * view and paints when React does, as before.
 *
 * Then it starts the app: its scripts are asked for once the parsed page has been painted (at
 * once in a background tab, which paints nothing), so on a slow line they never share the
 * bandwidth with the page and hold up its first paint.
 *
 * The build copies this function's source into index.html, so it must not use anything from
 * outside its body: no imports, no module-level constants.
 */
export function bootShell(config: ShellBootConfig): void {
  const root = document.documentElement;
  const read = (key: string): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const saved = read(config.schemeKey);
  let scheme = config.defaultScheme;
  if (saved === 'light' || saved === 'dark') scheme = saved;
  else if (saved === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  root.setAttribute('data-mantine-color-scheme', scheme);

  let role: unknown;
  try {
    role = JSON.parse(read(config.userKey) ?? 'null')?.user?.type;
  } catch {
    role = undefined;
  }
  const signedIn = Boolean(read(config.tokenKey)) && typeof role === 'number';
  const path = window.location.pathname;
  let view: string | undefined;
  if (!signedIn) view = config.loginPaths.includes(path) ? 'login' : undefined;
  else if (role === config.adminRole)
    view = config.adminPages.find((page) => new RegExp(page.pattern).test(path))?.view;
  else view = new RegExp(config.customerPages).test(path) ? 'customer' : undefined;
  if (view) root.setAttribute('data-shell', view);

  const addToHead = (tagName: 'link' | 'script', properties: Record<string, string>) =>
    document.head.append(Object.assign(document.createElement(tagName), { crossOrigin: '' }, properties));
  const startApp = () => {
    for (const href of config.modulePreloads) addToHead('link', { rel: 'modulepreload', href });
    for (const src of config.scripts) addToHead('script', { type: 'module', src });
  };
  document.addEventListener('DOMContentLoaded', () => {
    // The task after the next frame comes after that frame's paint.
    if (document.hidden) startApp();
    else requestAnimationFrame(() => setTimeout(startApp, 0));
  });
}

/** The shell's own CSS in <head>: what its views need, cut from the app's stylesheets. */
export const SHELL_STYLE_ID = 'app-shell-style';

/**
 * Marks the app's stylesheet links that the build made wait (media="print", so they do not hold
 * up the shell's paint); applyDeferredStylesheets turns them on.
 */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-deferred';

/**
 * Turns on the app's stylesheets and resolves once they have loaded, so React never draws an
 * unstyled page. main.tsx waits for it before it renders. A sheet that fails to load does not
 * hold the app back.
 */
export function applyDeferredStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[rel="stylesheet"][${DEFERRED_STYLESHEET_ATTRIBUTE}]`)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.media = 'all';
          link.removeAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
          if (link.sheet) return resolve();
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/**
 * Takes the shell and its CSS away once React has drawn the page in its place. Called from the
 * layout effects of the route tree's root (and of its error page), which run before the browser
 * paints that first frame, so the two never show together, and the app's own stylesheets are
 * then the only ones, in the order they always had.
 */
export function removeShell(doc: Document = document): void {
  doc.getElementById(SHELL_ELEMENT_ID)?.remove();
  doc.getElementById(SHELL_STYLE_ID)?.remove();
  doc.documentElement.removeAttribute('data-shell');
}
