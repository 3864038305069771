/**
 * The campaigns module: campaigns, their ads and their figures entries (the `campaigns`,
 * `ad_templates` and `campaign_statistics` tables), and the campaign answers every area shows.
 */
export { toCampaign } from './campaign-answers';
export type { AnalyticsScope } from './campaign-lists';
export type { CampaignView } from './campaign-views';
export { CampaignRepository } from './campaign.repository';
export type { CampaignService } from './campaign.service';
export { costPer, dollars, toStatisticsEntry } from './statistics-answers';
export { StatisticsRepository } from './statistics.repository';
