import { ALERT_MESSAGES, ALERTS, type AlertKind, type AlertPreference } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/stores/session-store';
import { callsTo, jsonResponse, loginResponse, routeFetch } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const KEY = '/api/customer/alert-preferences';

const preference = (kind: AlertKind, email = true): AlertPreference => ({
  kind,
  title: ALERTS[kind].title,
  description: ALERTS[kind].description,
  email,
});

/** The API's alert preferences, changed by each POST as the server would. */
function stubPreferences(initial: AlertPreference[], { fail = false } = {}) {
  let stored = initial;
  const fetchMock = routeFetch({
    'GET /api/customer/current-session': () => jsonResponse({ data: loginResponse().session_info }),
    [`GET ${KEY}`]: () => jsonResponse({ data: stored }),
    [`POST ${KEY}`]: (init) => {
      if (fail) return jsonResponse({ message: 'The service is temporarily unavailable.' }, 503);
      const { kind, email } = JSON.parse(String(init?.body)) as { kind: AlertKind; email: boolean };
      stored = stored.map((item) => (item.kind === kind ? { ...item, email } : item));
      return jsonResponse({ message: ALERT_MESSAGES.updated, data: stored });
    },
  });
  return fetchMock;
}

const panel = async () => within((await screen.findByRole('heading', { name: 'Alert e-mails' })).closest('section')!);

describe('Alert e-mails on My account', () => {
  it("lists the customer's alerts as switches, on unless turned off, and saves a flip at once", async () => {
    const fetchMock = stubPreferences([
      preference('budget_80'),
      preference('budget_100'),
      preference('period_ending', false),
    ]);
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');

    const section = await panel();
    const budget80 = await section.findByRole('switch', { name: /^Budget 80% spent/ });
    expect(budget80).toBeChecked();
    expect(section.getByRole('switch', { name: /^Budget spent/ })).toBeChecked();
    expect(section.getByRole('switch', { name: /^Paid week ending/ })).not.toBeChecked();
    expect(section.getByText(ALERTS.budget_80.description)).toBeInTheDocument();
    expect(section.getByText(/Alerts always arrive in your notifications/)).toBeInTheDocument();

    await user.click(budget80);
    await waitFor(() => expect(budget80).not.toBeChecked());
    const posted = callsTo(fetchMock, `POST ${KEY}`);
    expect(posted).toHaveLength(1);
    expect(JSON.parse(String(posted[0]![1]?.body))).toEqual({ kind: 'budget_80', email: false });
    await waitFor(() => expect(budget80).toBeEnabled());
    expect(section.getByRole('switch', { name: /^Budget spent/ })).toBeChecked();
  });

  it("shows an administrator only the administrators' alert", async () => {
    stubPreferences([preference('figures_missing')]);
    sessionStore.signIn(loginResponse({ role_id: 1 }));
    renderApp('/admin/my-account');

    const section = await panel();
    expect(await section.findByRole('switch', { name: /^Figures missing/ })).toBeChecked();
    expect(section.getAllByRole('switch')).toHaveLength(1);
  });

  it('puts the switch back and says so when the change is refused', async () => {
    stubPreferences([preference('budget_80')], { fail: true });
    sessionStore.signIn(loginResponse());
    const { user } = renderApp('/my-account');

    const budget80 = await (await panel()).findByRole('switch', { name: /^Budget 80% spent/ });
    await user.click(budget80);
    expect(await screen.findByText('Could not save the alert e-mails')).toBeInTheDocument();
    await waitFor(() => expect(budget80).toBeChecked());
  });
});
