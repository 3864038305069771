import { z } from 'zod';
import { adCheckSettingsSchema, DEFAULT_AD_CHECK_SETTINGS } from '../campaigns/ad-checks';

/**
 * Settings the front end needs at run time: external links, the support address and the
 * welcome video (docs/product/accounts.md, Settings: configuration with sensible defaults). The server
 * embeds them in index.html as a JSON block with the id below, so one build serves any setup.
 */
export const publicSettingsSchema = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  influencerPortalUrl: z.string(),
  trainingAcademyUrl: z.string(),
  termsUrl: z.string(),
  privacyPolicyUrl: z.string(),
  faqUrl: z.string(),
  welcomeVideoUrl: z.string().nullable(),
  cardPublishableKey: z.string().nullable(),
  /** Which card form and checkout the pages show (docs/product/payments.md, Payment provider). */
  paymentProvider: z.enum(['sandbox', 'stripe']),
  /** Prefix of stored files: a user's `logo` is shown from storageBaseUrl + logo. */
  storageBaseUrl: z.string(),
  /** The limits of the checks before review, so the wizard checks with the server's numbers. */
  adChecks: adCheckSettingsSchema,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const PUBLIC_SETTINGS_ELEMENT_ID = 'portal-settings';

export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  productName: 'Advertiser Portal',
  supportEmail: 'support@example.com',
  influencerPortalUrl: 'https://example.com/influencers',
  trainingAcademyUrl: 'https://example.com/academy',
  termsUrl: 'https://example.com/terms',
  privacyPolicyUrl: 'https://example.com/privacy',
  faqUrl: 'https://example.com/faq',
  welcomeVideoUrl: null,
  cardPublishableKey: null,
  paymentProvider: 'sandbox',
  storageBaseUrl: '/api/files/',
  adChecks: DEFAULT_AD_CHECK_SETTINGS,
};

/**
 * Where a setting's value goes in the page shell that the build writes into index.html
 * (docs/decisions/017-login-shell.md): the server puts the value, HTML-escaped, in place of
 * each such mark when it serves the page, as it fills in the settings block.
 */
export const settingPlaceholder = (key: keyof PublicSettings) => `__PORTAL_SETTING_${key}__`;
export const SETTING_PLACEHOLDER_PATTERN = /__PORTAL_SETTING_(\w+)__/g;

/**
 * The list the build writes beside index.html of the pages that carry a shell of their own
 * (docs/decisions/041-admin-pages-in-the-shell.md): each entry's `pattern` (a regular
 * expression's source) matches the addresses whose page is the built file `file`; every other
 * address gets index.html.
 */
export const PAGE_SHELLS_FILE = 'page-shells.json';
export interface PageShellEntry {
  pattern: string;
  file: string;
}
