import { CampaignAnalyticsPanel } from '../components/campaign-analytics-panel';

// docs/product/insights.md, Analytics pages: on the administrators' page a failure is only logged.
const logLoadError = (error: Error) => console.error('Could not load the campaigns analytics', error);

/** /admin/analytics: every approved campaign with its figures and its customer. */
export function AdminAnalyticsPage() {
  return <CampaignAnalyticsPanel scope="all" title="Analytics of all campaigns" onLoadError={logLoadError} />;
}
