/**
 * Build-time entry of the page shell (docs/decisions/017-login-shell.md): bundled for Node by
 * shell-plugin.ts and run by render-shell.mjs inside a jsdom window. It draws the shell's views
 * with the real components, so the picture index.html carries is the page React then shows.
 */
import {
  DEFAULT_PUBLIC_SETTINGS,
  PAGE_SHELLS_FILE,
  PUBLIC_SETTINGS_ELEMENT_ID,
  ROLE,
  settingPlaceholder,
  type PublicSettings,
} from '@portal/contract';
import {
  bootShell,
  DEFERRED_STYLESHEET_ATTRIBUTE,
  SHELL_ELEMENT_ID,
  SHELL_STYLE_ID,
  type ShellBootConfig,
  type ShellView,
} from '@/app/shell/shell-boot';
import { LOGIN_PATHS } from '@/config/paths';
import { COLOR_SCHEME_KEY, DEFAULT_COLOR_SCHEME } from '@/config/theme';
import { SESSION_KEYS } from '@/stores/session-store';

export { criticalCss } from './critical-css';

/**
 * Every text setting as its placeholder, which the server replaces with the deployment's value
 * when it serves index.html: the shell shows the product name and addresses the page will show.
 */
function settingsWithPlaceholders(): PublicSettings {
  const entries = Object.entries(DEFAULT_PUBLIC_SETTINGS).map(([key, value]) => [
    key,
    typeof value === 'string' ? settingPlaceholder(key as keyof PublicSettings) : value,
  ]);
  return Object.fromEntries(entries) as PublicSettings;
}

/** A page the build writes: `file` in the build's directory, with the shell of `views`. */
export interface ShellDocument {
  file: string;
  views: ShellView[];
  /** The addresses it is sent for (a regular expression's source); index.html has none: it is sent for the rest. */
  pattern?: string;
}

export interface RenderedShell {
  views: Record<ShellView, string>;
  documents: ShellDocument[];
  /** The inline <head> script: bootShell's own source, called with what it needs to know. */
  bootScript: string;
  /** The names the app looks for in index.html. */
  ids: { shell: string; style: string; deferredAttribute: string; documentsFile: string };
}

/**
 * Draws the shell. `app` names the scripts the built index.html loads, which the boot script
 * loads instead, once the shell is on screen.
 */
export async function renderShell(app: Pick<ShellBootConfig, 'scripts' | 'modulePreloads'>): Promise<RenderedShell> {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PUBLIC_SETTINGS_ELEMENT_ID;
  block.textContent = JSON.stringify(settingsWithPlaceholders());
  document.head.append(block);
  // Only now: the app reads the settings block when its modules load.
  const { renderViews, portalPages } = await import('./shell-views');

  const config: ShellBootConfig = {
    schemeKey: COLOR_SCHEME_KEY,
    defaultScheme: DEFAULT_COLOR_SCHEME,
    tokenKey: SESSION_KEYS.token,
    userKey: SESSION_KEYS.user,
    adminRole: ROLE.admin,
    loginPaths: [...LOGIN_PATHS],
    ...portalPages(),
    ...app,
  };
  // index.html carries the login page and the customers' frame; each administrators' page is a
  // file of its own, so no page carries the markup and CSS of pages it cannot show.
  const documents: ShellDocument[] = [
    { file: 'index.html', views: ['login', 'customer'] },
    ...config.adminPages.map(({ view, pattern }) => ({ file: `page-shells/${view}.html`, views: [view], pattern })),
  ];
  return {
    views: await renderViews(),
    documents,
    bootScript: `(${bootShell.toString()})(${JSON.stringify(config)});`,
    ids: {
      shell: SHELL_ELEMENT_ID,
      style: SHELL_STYLE_ID,
      deferredAttribute: DEFERRED_STYLESHEET_ATTRIBUTE,
      documentsFile: PAGE_SHELLS_FILE,
    },
  };
}
