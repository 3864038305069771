import { describe, expect, it } from 'vitest';
import { renderViews } from './shell-views';

/** A view's markup as the browser would parse it. */
function parse(markup: string) {
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder;
}

describe('the page shell drawn at build time', () => {
  const views = renderViews();

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

  it("draws the administrators' frame without the beta notice", () => {
    const frame = parse(views.admin);
    expect(frame.querySelector('nav[aria-label="Main menu"]')?.textContent).toContain('Users');
    expect(frame.querySelector('section[aria-label="Beta notice"]')).toBeNull();
  });

  it("keeps React's marks between adjacent texts, so the browser splits them as React does", () => {
    expect(views.customer).toContain('<!-- -->');
  });
});
