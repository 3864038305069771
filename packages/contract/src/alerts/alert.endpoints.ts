import { defineEndpoints } from '../common/endpoint';
import {
  alertPreferencesResponseSchema,
  updateAlertPreferenceRequestSchema,
  updateAlertPreferenceResponseSchema,
} from './alert.schemas';

/**
 * Which alerts each person also gets by e-mail (docs/product/alerts.md, and accounts.md, My
 * account). Both roles use them; each sees and changes only the kinds sent to people of its role.
 */
export const alertEndpoints = defineEndpoints({
  getAlertPreferences: {
    method: 'GET',
    path: '/customer/alert-preferences',
    access: 'user',
    tag: 'account',
    summary: "The alerts sent to the caller's role, each with whether it is e-mailed too",
    response: alertPreferencesResponseSchema,
    errors: [401],
  },
  updateAlertPreference: {
    method: 'POST',
    path: '/customer/alert-preferences',
    access: 'user',
    tag: 'account',
    summary: 'Turn the e-mail of one alert on or off; the alert still arrives in the portal',
    body: updateAlertPreferenceRequestSchema,
    response: updateAlertPreferenceResponseSchema,
    errors: [401, 422],
  },
});
