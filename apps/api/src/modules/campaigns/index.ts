/**
 * The campaigns module: campaigns, their ads and their statistics entries (the `campaigns`,
 * `ad_templates` and `campaign_statistics` tables), and the campaign answers every area shows.
 */
export { toCampaign } from './campaign-answers';
export { CampaignRepository, type AnalyticsScope, type CampaignView } from './campaign.repository';
export type { CampaignService } from './campaign.service';
export { answeredFigure, costPer, dollars, toStatisticsEntry } from './statistics-entry-answers';
export { StatisticsRepository } from './statistics.repository';
