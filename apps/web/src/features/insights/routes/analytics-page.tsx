import { notifyRequestError } from '@/lib/notify';
import { CampaignAnalyticsPanel } from '../components/campaign-analytics-panel';

// docs/product/insights.md, Analytics pages: the customer is told, with the server's message.
const reportLoadError = (error: Error) => notifyRequestError(error, 'Something went wrong');

/** /analytics: the customer's approved campaigns, archived ones included, with their figures. */
export function AnalyticsPage() {
  return <CampaignAnalyticsPanel scope="customer" title="Campaign analytics" onLoadError={reportLoadError} />;
}
