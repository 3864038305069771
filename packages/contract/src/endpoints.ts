import { accountEndpoints } from './account/account.endpoints';
import { alertEndpoints } from './alerts/alert.endpoints';
import { apiTokenEndpoints } from './api-tokens/api-tokens.endpoints';
import { advertiserEndpoints } from './advertisers/advertiser.endpoints';
import { authEndpoints } from './auth/auth.endpoints';
import { campaignEndpoints } from './campaigns/campaign.endpoints';
import { signupEndpoints } from './auth/signup.endpoints';
import { twoFactorEndpoints } from './auth/two-factor.endpoints';
import { healthEndpoints } from './health/health.endpoints';
import { mediaEndpoints } from './media/media.endpoints';
import { storageEndpoints } from './storage/storage.endpoints';
import { reviewEndpoints } from './review/review.endpoints';
import { notificationEndpoints } from './notifications/notification.endpoints';
import { insightsEndpoints } from './insights/insights.endpoints';
import { reportScheduleEndpoints } from './insights/report-schedules.endpoints';
import { paymentEndpoints } from './payments/payments.endpoints';
import { invoiceEndpoints } from './invoices/invoices.endpoints';
import { adminPaymentEndpoints } from './payments/admin-payments.endpoints';
import { sharingEndpoints } from './sharing/sharing.endpoints';

/** Every endpoint of the API, by name (a route test checks each is registered, and nothing else). */
export const endpoints = {
  ...healthEndpoints,
  ...authEndpoints,
  ...signupEndpoints,
  ...twoFactorEndpoints,
  ...accountEndpoints,
  ...alertEndpoints,
  ...apiTokenEndpoints,
  ...advertiserEndpoints,
  ...campaignEndpoints,
  ...mediaEndpoints,
  ...storageEndpoints,
  ...reviewEndpoints,
  ...notificationEndpoints,
  ...insightsEndpoints,
  ...reportScheduleEndpoints,
  ...paymentEndpoints,
  ...invoiceEndpoints,
  ...adminPaymentEndpoints,
  ...sharingEndpoints,
};
