// The pages measured, in the order they are measured: the login page first (Lighthouse empties
// the site's storage before it, as for a first-time visitor), then the customer's pages, then
// the administrator's, each role signed in once through the real login form.

/** Every main page; `role` says who is signed in (none for the login page). */
export function pagesOf(origin, { campaignId }) {
  const page = (key, pathname, role) => ({ key, path: pathname, url: `${origin}${pathname}`, role });
  return [
    page('login', '/', null),
    page('dashboard', '/dashboard', 'customer'),
    page('campaigns', '/campaigns', 'customer'),
    page('new-campaign', '/campaigns/new', 'customer'),
    page('analytics', '/analytics', 'customer'),
    page('balance', '/balance', 'customer'),
    page('admin-campaigns', '/admin/campaigns', 'admin'),
    page('admin-view-campaign', `/admin/view-campaign/${campaignId}`, 'admin'),
    page('admin-users', '/admin/users', 'admin'),
  ];
}

const PAGE_KEYS = pagesOf('', { campaignId: 0 }).map((target) => target.key);

/** The pages LIGHTHOUSE_PAGE names (a comma list of keys), or all of them. */
export function choosePages(pages, wanted) {
  if (!wanted) return pages;
  const keys = wanted.split(',').map((key) => key.trim());
  const unknown = keys.filter((key) => !PAGE_KEYS.includes(key));
  if (unknown.length)
    throw new Error(`LIGHTHOUSE_PAGE: unknown ${unknown.join(', ')}; pages are ${PAGE_KEYS.join(', ')}`);
  return pages.filter((target) => keys.includes(target.key));
}

/** Empties storage of the given kinds for `origin` (a comma list of CDP storage types). */
async function clearStorage(page, origin, storageTypes) {
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await session.send('Storage.clearDataForOrigin', { origin, storageTypes });
  await session.detach();
}

/** Empties the HTTP cache and every kind of site storage but local storage, which holds the session. */
export const clearAllButTheSession = (page, origin) =>
  clearStorage(page, origin, 'cookies,indexeddb,service_workers,cache_storage,websql,file_systems,shader_cache');

/**
 * Signs `account` in through its login form (the administrator's at /admin/login), after ending
 * any earlier session, so the session lands in local storage exactly as the app keeps it.
 */
export async function signInThroughTheForm(browser, origin, account, role) {
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await clearStorage(page, origin, 'all');
    await page.goto(`${origin}${role === 'admin' ? '/admin/login' : '/'}`, { waitUntil: 'networkidle0' });
    await page.type('input[autocomplete="username"]', account.email);
    await page.type('input[autocomplete="current-password"]', account.password);
    const home = role === 'admin' ? '/admin/dashboard' : '/dashboard';
    await Promise.all([
      page.waitForFunction((pathname) => globalThis.location.pathname === pathname, { timeout: 30_000 }, home),
      page.click('button[type=submit]'),
    ]);
  } finally {
    await page.close();
  }
}

/** One plain visit, so the server's code paths and the page's files are warm before the runs. */
export async function warmUp(browser, url) {
  const page = await browser.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
  } finally {
    await page.close();
  }
}
