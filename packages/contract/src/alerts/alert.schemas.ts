import { z } from 'zod';
import type { ROLES_CONCERNED } from '../advertisers/advertiser.schemas';
import { NOTICE_PAGES } from '../common/page-paths';
import { formBoolean } from '../common/common.schemas';

/**
 * Alerts (docs/product/alerts.md): notices the portal sends once per campaign and threshold,
 * in the portal and by e-mail. Each kind is declared here once: who gets it, its title on My
 * account and in the e-mail's subject, its text and the words of its link. The texts take their
 * values already written (money by `formatCents`, times by `formatDateTime`), so this file
 * needs no date library.
 */
export const ALERT_KINDS = ['budget_80', 'budget_100', 'period_ending', 'flight_ending', 'figures_missing'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Who gets an alert: the members of the campaign's account whose role it concerns, or every administrator. */
export type AlertAudience = keyof typeof ROLES_CONCERNED | 'administrators';

/** The values an alert's text names, written for people. */
export interface AlertWords {
  campaignName: string;
  /** The campaign's creator, as notifications name people. */
  ownerName: string;
  /** Budget alerts: the amount spent and the budget it is measured against. */
  spent: string;
  budget: string;
  /** When the paid week ends (`period_ending`), or since when no figures were entered (`figures_missing`). */
  time: string;
  /** The last day of the flight (`flight_ending`), as pages write days. */
  day: string;
}

interface AlertDeclaration {
  audience: AlertAudience;
  title: string;
  /** What My account says the alert is about. */
  description: string;
  message(words: AlertWords): string;
  /** The words of the link to the page where the user acts. */
  action: string;
  /** That page's path. */
  link(campaign: { id: number; name: string }): string;
}

const campaignsNamed = ({ name }: { name: string }) => `${NOTICE_PAGES.campaigns}?search=${encodeURIComponent(name)}`;

export const ALERTS = {
  budget_80: {
    audience: 'results',
    title: 'Budget 80% spent',
    description: "A campaign's amount spent reaches 80% of its budget.",
    message: ({ campaignName, spent, budget }) =>
      `Your campaign "${campaignName}" has spent 80% of its budget: ${spent} of ${budget}`,
    action: 'Open your campaigns',
    link: campaignsNamed,
  },
  budget_100: {
    audience: 'results',
    title: 'Budget spent',
    description: "A campaign's amount spent reaches its whole budget.",
    message: ({ campaignName, spent, budget }) =>
      `Your campaign "${campaignName}" has spent its whole budget: ${spent} of ${budget}`,
    action: 'Open your campaigns',
    link: campaignsNamed,
  },
  period_ending: {
    audience: 'payments',
    title: 'Paid week ending',
    description: "A daily campaign's paid 7 days end within 2 days.",
    message: ({ campaignName, time }) =>
      `The paid week of your campaign "${campaignName}" ends on ${time}; the next 7 days are then due on Balance`,
    action: 'Open Balance',
    link: () => NOTICE_PAGES.balance,
  },
  flight_ending: {
    audience: 'results',
    title: 'Campaign ending',
    description: "A campaign's end date is within 3 days.",
    message: ({ campaignName, day }) =>
      `Your campaign "${campaignName}" ends soon: its last day is ${day}. Move its end date to keep it running`,
    action: 'Open your campaigns',
    link: campaignsNamed,
  },
  figures_missing: {
    audience: 'administrators',
    title: 'Figures missing',
    description: 'A running campaign has had no figures entered for 3 days.',
    message: ({ campaignName, ownerName, time }) =>
      `No figures have been entered for the campaign "${campaignName}" of ${ownerName} since ${time}`,
    action: 'Enter the figures',
    link: ({ id }) => NOTICE_PAGES.reviewCampaign.to(id),
  },
} as const satisfies Record<AlertKind, AlertDeclaration>;

/** The budget alerts, highest first: a save that passes both sends only the higher one. */
export const BUDGET_ALERTS = [
  { kind: 'budget_100', percent: 100 },
  { kind: 'budget_80', percent: 80 },
] as const satisfies readonly { kind: AlertKind; percent: number }[];

/** A paid week's end is announced this long before. */
export const PERIOD_ENDING_NOTICE_MS = 48 * 60 * 60_000;
/** A campaign's flight end is announced this long before (the midnight after its last day). */
export const FLIGHT_ENDING_NOTICE_MS = 3 * 24 * 60 * 60_000;
/** A running campaign without a new statistics entry for this long alerts the administrators. */
export const FIGURES_MISSING_AFTER_MS = 3 * 24 * 60 * 60_000;

/** The alert kinds a person can get: administrators' or customers'. */
export const alertKindsFor = (admin: boolean): AlertKind[] =>
  ALERT_KINDS.filter((kind) => (ALERTS[kind].audience === 'administrators') === admin);

export const ALERT_MESSAGES = {
  kindInvalid: `The alert must be one of ${ALERT_KINDS.join(', ')}`,
  notYours: 'This alert is not sent to you',
  emailInvalid: 'E-mail must be true or false',
  updated: 'Your alert e-mails have been updated.',
} as const;

export const alertPreferenceSchema = z
  .object({
    kind: z.enum(ALERT_KINDS),
    title: z.string(),
    description: z.string(),
    /** Whether the alert is e-mailed too; it always arrives in the portal. */
    email: z.boolean(),
  })
  .meta({ id: 'AlertPreference' });
export type AlertPreference = z.infer<typeof alertPreferenceSchema>;

export const alertPreferencesResponseSchema = z
  .object({ data: z.array(alertPreferenceSchema) })
  .meta({ id: 'AlertPreferencesResponse' });

export const updateAlertPreferenceRequestSchema = z
  .object({
    kind: z.enum(ALERT_KINDS, { error: ALERT_MESSAGES.kindInvalid }),
    email: formBoolean(ALERT_MESSAGES.emailInvalid),
  })
  .meta({ id: 'UpdateAlertPreferenceRequest' });

export const updateAlertPreferenceResponseSchema = alertPreferencesResponseSchema
  .extend({ message: z.string() })
  .meta({ id: 'UpdateAlertPreferenceResponse' });
