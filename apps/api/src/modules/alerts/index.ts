/**
 * The alerts module: alerts sent once per campaign and threshold (the `campaign_alerts` table),
 * and which of them each person gets by e-mail (`alert_email_settings`; docs/product/alerts.md).
 *
 * What it offers the other modules, and to whom:
 * - `raiseBudgetAlerts` and its repositories: to insights, which raises the budget alerts in the
 *   transaction that saves a campaign's figures.
 * - `alertNotice`, `alertRecipients`: to the subscribers of mail and notifications, which tell
 *   the people an alert goes to, in its words.
 * - `AlertSettingsRepository`: to the mail subscriber, which leaves out those who turned an
 *   alert's e-mail off.
 */
export { alertNotice, alertRecipients } from './alert-notices';
export { raiseBudgetAlerts } from './alert-raising';
export { AlertRepository } from './alert.repository';
export { AlertSettingsRepository } from './alert-settings.repository';
