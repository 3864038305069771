/**
 * The campaigns module: campaigns, their ads and their statistics entries (the `campaigns`,
 * `ad_templates` and `campaign_statistics` tables), and the campaign answers every area shows.
 *
 * What it offers the other modules, and to whom:
 * - `CampaignRepository`: to payments, which locks a campaign before its payment link and marks
 *   it paid or unpaid (decision 016); to review, for decisions and bans; to insights, for the
 *   lists and dashboards; and to the event subscribers of mail, notifications and payments.
 * - `StatisticsRepository`, `toStatisticsEntry`, `DayTotals`: to insights, which enters and
 *   shows the figures and reports their daily values (`campaign_statistics` belongs to the
 *   campaign).
 * - `CampaignService` and `toCampaign`: to review and insights, which answer campaigns.
 * - `campaignFactsOf`, `campaignFactsNow`: to the modules that record events about a campaign
 *   (payments, review), and to subscribers handling an event recorded before it carried them.
 * - `AnalyticsScope`: insights' name for which campaigns an analytics page shows.
 * - `budgetedCampaignOf`: to alerts, which measures what a campaign spent against its budget
 *   with the contract's `pacingBudgetCents`; `pacingOfRow`: to insights, for the pacing panels.
 */
export { toCampaign } from './campaign-answers';
export { campaignFactsNow, campaignFactsOf } from './campaign-facts';
export type { AnalyticsScope } from './campaign-lists';
export { CampaignRepository } from './campaign.repository';
export { budgetedCampaignOf, pacingOfRow } from './pacing';
export type { CampaignService } from './campaign.service';
export { answeredFigure, toStatisticsEntry } from './statistics-entry-answers';
export { StatisticsRepository, type DayTotals } from './statistics.repository';
