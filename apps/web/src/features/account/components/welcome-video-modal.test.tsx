import { ROLE } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { settings } from '@/config/settings';
import { sessionStore } from '@/stores/session-store';
import { loginResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const TITLE = `Welcome to ${settings.productName}!`;
const originalUrl = settings.welcomeVideoUrl;

afterEach(() => {
  settings.welcomeVideoUrl = originalUrl;
});

async function visitDashboard(overrides: NonNullable<Parameters<typeof loginResponse>[0]>) {
  sessionStore.signIn(loginResponse(overrides));
  const app = renderApp(overrides.role_id === ROLE.admin ? '/admin/dashboard' : '/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return app;
}

describe('WELCOME_VIDEO', () => {
  it('shows once per user on a first login, and closing it remembers that for this user only', async () => {
    const first = await visitDashboard({ id: 7, is_first_login: true });
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());
    expect(window.localStorage.getItem('welcomeVideoShown:7')).toBe('true');
    first.unmount();

    // The same user again (the flag from the server may still say first login): not again.
    await visitDashboard({ id: 7, is_first_login: true });
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });

  it('still shows for another user on the same browser', async () => {
    window.localStorage.setItem('welcomeVideoShown:7', 'true');
    await visitDashboard({ id: 8, is_first_login: true });
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it('does not show when it is not the first login', async () => {
    await visitDashboard({ id: 7, is_first_login: false });
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });

  it('is for customers only', async () => {
    await visitDashboard({ id: 1, role_id: ROLE.admin, is_first_login: true });
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
  });

  it('writes a short welcome when no video is configured', async () => {
    settings.welcomeVideoUrl = null;
    await visitDashboard({ is_first_login: true });
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    expect(dialog.querySelector('video, iframe')).toBeNull();
    expect(screen.getByText(/glad to have you here/)).toBeInTheDocument();
  });

  it('plays a video file with controls, and embeds any other address', async () => {
    settings.welcomeVideoUrl = 'https://videos.example.com/welcome.mp4?v=2';
    const first = await visitDashboard({ id: 7, is_first_login: true });
    const video = (await screen.findByRole('dialog', { name: TITLE })).querySelector('video');
    expect(video).toHaveAttribute('src', settings.welcomeVideoUrl);
    expect(video).toHaveAttribute('controls');
    first.unmount();

    settings.welcomeVideoUrl = 'https://www.youtube-nocookie.com/embed/abc';
    await visitDashboard({ id: 8, is_first_login: true });
    expect(await screen.findByTitle('Welcome video')).toHaveAttribute('src', settings.welcomeVideoUrl);
  });
});
