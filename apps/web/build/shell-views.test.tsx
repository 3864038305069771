import { beforeAll, describe, expect, it } from 'vitest';
import type { ShellView } from '@/app/shell/shell-boot';
import { portalPages, renderViews } from './shell-views';

/** A view's markup as the browser would parse it. */
function parse(markup: string | undefined) {
  const holder = document.createElement('div');
  holder.innerHTML = markup ?? '';
  return holder;
}

describe('the page shell drawn at build time', () => {
  let views: Record<ShellView, string>;
  beforeAll(async () => {
    views = await renderViews();
  });

  it('draws the real login page: its texts, fields and buttons', () => {
    const login = parse(views.login);
    expect(login.querySelector('h1')?.textContent).toBe('Welcome Back!');
    expect(login.querySelector('input[autocomplete="username"]')).not.toBeNull();
    expect(login.querySelector('input[autocomplete="current-password"]')).not.toBeNull();
    expect(login.textContent).toContain('Log into account');
    expect(login.textContent).toContain('By continuing, you agree to our');
  });

  it("draws the customer's frame with the beta notice and an empty page", () => {
    const frame = parse(views.customer);
    expect(frame.querySelector('nav[aria-label="Main menu"]')?.textContent).toContain('Dashboard');
    expect(frame.querySelector('section[aria-label="Beta notice"]')).not.toBeNull();
    expect(frame.querySelector('main')?.childElementCount).toBe(0);
    // A frame for every page: no menu entry is the current one, and the title is left to the page.
    expect(frame.querySelector('[aria-current="page"]')).toBeNull();
    expect(frame.querySelector('h1')?.textContent).toBe('');
    expect(frame.textContent).not.toContain('Welcome Back!');
  });

  it("draws each administrators' page in its frame, as it shows before its data arrives", () => {
    const campaigns = parse(views['admin-campaigns']);
    expect(campaigns.querySelector('nav[aria-label="Main menu"]')?.textContent).toContain('Users');
    expect(campaigns.querySelector('section[aria-label="Beta notice"]')).toBeNull();
    // Its own title, menu entry, tabs and search box: what the page paints before its data.
    expect(campaigns.querySelector('h1')?.textContent).toBe('Campaigns');
    expect(campaigns.querySelector('[aria-current="page"]')?.textContent).toBe('Campaigns');
    expect(campaigns.querySelector('[role="tab"]')?.textContent).toBe('Pending');
    expect(campaigns.querySelector('input')?.getAttribute('placeholder')).toBe('Search campaigns or customers');

    const users = parse(views['admin-users']);
    expect(users.querySelector('h1')?.textContent).toBe('Users');
    expect(users.textContent).toContain('Invite an administrator');

    // A page of one record has the title it will have, whatever the record.
    expect(parse(views['admin-view-campaign-id']).querySelector('h1')?.textContent).toBe('View campaign');
  });

  it("draws every administrators' page, each under the addresses the boot script gives its view", () => {
    const { adminPages } = portalPages();
    expect(adminPages.map(({ view }) => view).sort()).toEqual(
      Object.keys(views)
        .filter((view) => view.startsWith('admin-'))
        .sort(),
    );
    const viewOf = (path: string) => adminPages.find(({ pattern }) => new RegExp(pattern).test(path))?.view;
    expect(viewOf('/admin/campaigns')).toBe('admin-campaigns');
    expect(viewOf('/admin/view-campaign/42')).toBe('admin-view-campaign-id');
    expect(viewOf('/admin/login')).toBeUndefined();
  });

  it("keeps React's marks between adjacent texts, so the browser splits them as React does", () => {
    expect(views.customer).toContain('<!-- -->');
  });
});
