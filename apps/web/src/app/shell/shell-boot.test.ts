import { ROLE } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS } from '@/stores/session-store';
import {
  applyDeferredStylesheets,
  bootShell,
  DEFERRED_STYLESHEET_ATTRIBUTE,
  removeShell,
  SHELL_ELEMENT_ID,
  SHELL_STYLE_ID,
  type ShellBootConfig,
} from './shell-boot';

const CONFIG: ShellBootConfig = {
  schemeKey: 'theme',
  defaultScheme: 'light',
  tokenKey: SESSION_KEYS.token,
  userKey: SESSION_KEYS.user,
  adminRole: ROLE.admin,
  loginPaths: ['/', '/admin/login'],
  customerPages: '^(?:/dashboard|/checkout/[^/]+)/?$',
  adminPages: [
    { view: 'admin-dashboard', pattern: '^/admin/dashboard/?$' },
    { view: 'admin-view-campaign-id', pattern: '^/admin/view-campaign/[^/]+/?$' },
  ],
  scripts: ['/assets/index-1234.js'],
  modulePreloads: ['/assets/react-1234.js'],
};

/**
 * Runs the boot script the way index.html does: its own source, called with the config, so a
 * reference to anything outside the function would fail here as it would in the page.
 */
function boot(path: string, config: ShellBootConfig = CONFIG) {
  window.history.replaceState(null, '', path);
  new Function(`(${bootShell.toString()})(${JSON.stringify(config)});`)();
  return document.documentElement;
}

function signIn(roleId: number) {
  window.localStorage.setItem(SESSION_KEYS.token, 'token-1');
  window.localStorage.setItem(
    SESSION_KEYS.user,
    JSON.stringify({ user: { id: 1, email: 'a@b.test', type: roleId }, personalInfo: null, billingInfo: null }),
  );
}

afterEach(() => {
  document.documentElement.removeAttribute('data-shell');
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]').forEach((node) => node.remove());
  window.history.replaceState(null, '', '/');
});

describe('the boot script: which view the shell shows', () => {
  it('shows the login form to a signed-out visitor of a login page', () => {
    expect(boot('/').dataset.shell).toBe('login');
    expect(boot('/admin/login').dataset.shell).toBe('login');
  });

  it('shows nothing to a signed-out visitor elsewhere: the page decides, as before', () => {
    expect(boot('/dashboard').dataset.shell).toBeUndefined();
    expect(boot('/signup').dataset.shell).toBeUndefined();
  });

  it("shows a signed-in customer the portal's frame on a portal page, and never the login form", () => {
    signIn(ROLE.customer);
    expect(boot('/dashboard').dataset.shell).toBe('customer');
    document.documentElement.removeAttribute('data-shell');
    expect(boot('/checkout/abc').dataset.shell).toBe('customer');
    document.documentElement.removeAttribute('data-shell');
    // The login page sends them on to the dashboard; a receipt or an admin page is not in the frame.
    expect(boot('/').dataset.shell).toBeUndefined();
    expect(boot('/receipts/4').dataset.shell).toBeUndefined();
    expect(boot('/admin/dashboard').dataset.shell).toBeUndefined();
  });

  it("shows an administrator each of their pages' own view, on their pages only", () => {
    signIn(ROLE.admin);
    expect(boot('/admin/dashboard').dataset.shell).toBe('admin-dashboard');
    document.documentElement.removeAttribute('data-shell');
    expect(boot('/admin/view-campaign/42').dataset.shell).toBe('admin-view-campaign-id');
    document.documentElement.removeAttribute('data-shell');
    expect(boot('/admin/no-such-page').dataset.shell).toBeUndefined();
    expect(boot('/dashboard').dataset.shell).toBeUndefined();
  });

  it('takes a token without a readable user for signed out, as the session store does', () => {
    window.localStorage.setItem(SESSION_KEYS.token, 'token-1');
    window.localStorage.setItem(SESSION_KEYS.user, '{not json');
    expect(boot('/').dataset.shell).toBe('login');
  });
});

describe('the boot script: colour scheme', () => {
  it('uses the default scheme until one is saved', () => {
    expect(boot('/').dataset.mantineColorScheme).toBe('light');
  });

  it('uses the saved scheme', () => {
    window.localStorage.setItem('theme', 'dark');
    expect(boot('/').dataset.mantineColorScheme).toBe('dark');
  });

  it("follows the system for 'auto'", () => {
    window.localStorage.setItem('theme', 'auto');
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query === '(prefers-color-scheme: dark)' }) as MediaQueryList,
    );
    expect(boot('/').dataset.mantineColorScheme).toBe('dark');
  });
});

describe('the boot script: starting the app', () => {
  it('adds the scripts once the page is parsed, at once in a background tab', () => {
    const listen = vi.spyOn(document, 'addEventListener');
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    boot('/');
    expect(document.head.querySelector('script[type="module"]')).toBeNull();

    const onParsed = listen.mock.calls.find(([type]) => type === 'DOMContentLoaded')?.[1] as () => void;
    // A background tab paints nothing, so nothing is worth waiting for.
    onParsed();
    const script = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    expect(script?.getAttribute('src')).toBe('/assets/index-1234.js');
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      '/assets/react-1234.js',
    );
  });

  it('waits for the next frame to have been painted on a visible page', () => {
    const listen = vi.spyOn(document, 'addEventListener');
    vi.spyOn(document, 'hidden', 'get').mockReturnValue(false);
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.useFakeTimers();
    try {
      boot('/');
      (listen.mock.calls.find(([type]) => type === 'DOMContentLoaded')?.[1] as () => void)();
      expect(frames).toHaveLength(1);
      frames[0]!(0);
      expect(document.head.querySelector('script[type="module"]')).toBeNull();
      vi.runAllTimers();
      expect(document.head.querySelector('script[type="module"]')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('applyDeferredStylesheets', () => {
  function documentWithLink() {
    const doc = document.implementation.createHTMLDocument();
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/index.css';
    link.media = 'print';
    link.setAttribute(DEFERRED_STYLESHEET_ATTRIBUTE, '');
    doc.head.append(link);
    return { doc, link };
  }

  it('turns the stylesheet on and resolves once it has loaded', async () => {
    const { doc, link } = documentWithLink();
    let applied = false;
    const ready = applyDeferredStylesheets(doc).then(() => (applied = true));
    expect(link.media).toBe('all');
    await Promise.resolve();
    expect(applied).toBe(false);
    link.dispatchEvent(new Event('load'));
    await ready;
    expect(applied).toBe(true);
  });

  it('does not hold the app back when the stylesheet fails', async () => {
    const { doc, link } = documentWithLink();
    const ready = applyDeferredStylesheets(doc);
    link.dispatchEvent(new Event('error'));
    await expect(ready).resolves.toBeUndefined();
  });

  it('resolves at once where nothing waits (the development server)', async () => {
    await expect(applyDeferredStylesheets(document.implementation.createHTMLDocument())).resolves.toBeUndefined();
  });
});

describe('removeShell', () => {
  it('takes the shell, its CSS and the view choice away', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.documentElement.setAttribute('data-shell', 'login');
    doc.head.innerHTML = `<style id="${SHELL_STYLE_ID}"></style>`;
    doc.body.innerHTML = `<div id="${SHELL_ELEMENT_ID}"></div><div id="root"></div>`;
    removeShell(doc);
    expect(doc.getElementById(SHELL_ELEMENT_ID)).toBeNull();
    expect(doc.getElementById(SHELL_STYLE_ID)).toBeNull();
    expect(doc.documentElement.hasAttribute('data-shell')).toBe(false);
    expect(doc.getElementById('root')).not.toBeNull();
    // Twice does no harm (React runs effects twice in development).
    removeShell(doc);
  });
});
