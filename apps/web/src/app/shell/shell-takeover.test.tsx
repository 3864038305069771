import { ROLE } from '@portal/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { loginResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { SHELL_ELEMENT_ID, SHELL_STYLE_ID } from './shell-boot';

/** What the built index.html holds before React runs: the shell and its CSS, a view chosen. */
function putShell(view: string) {
  document.documentElement.setAttribute('data-shell', view);
  const style = document.createElement('style');
  style.id = SHELL_STYLE_ID;
  document.head.append(style);
  const shell = document.createElement('div');
  shell.id = SHELL_ELEMENT_ID;
  shell.setAttribute('inert', '');
  shell.innerHTML = '<h1>Welcome Back!</h1>';
  document.body.prepend(shell);
}

afterEach(() => {
  document.getElementById(SHELL_ELEMENT_ID)?.remove();
  document.getElementById(SHELL_STYLE_ID)?.remove();
  document.documentElement.removeAttribute('data-shell');
});

describe('React taking over from the page shell', () => {
  it('removes the shell when it draws the login page, leaving one form', async () => {
    putShell('login');
    renderApp('/');
    // The shell has no button: this is React's form.
    expect(await screen.findByRole('button', { name: 'Log into account' })).toBeInTheDocument();
    expect(document.getElementById(SHELL_ELEMENT_ID)).toBeNull();
    expect(document.getElementById(SHELL_STYLE_ID)).toBeNull();
    expect(document.documentElement).not.toHaveAttribute('data-shell');
    expect(screen.getAllByText('Welcome Back!')).toHaveLength(1);
  });

  it("removes the portal's frame when the signed-in page shows", async () => {
    sessionStore.signIn(loginResponse({ role_id: ROLE.customer }));
    putShell('customer');
    renderApp('/campaigns/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New campaign' })).toBeInTheDocument();
    expect(document.getElementById(SHELL_ELEMENT_ID)).toBeNull();
  });
});
