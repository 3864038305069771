import type { AlertKind, ApprovalOutlook } from '@portal/contract';
import type { BillingSnapshot } from '../../db/schema';

/**
 * The campaign an event is about, as the texts that follow from it name it, taken when the event
 * is recorded: subscribers build their e-mails and notifications from the event alone.
 */
export interface CampaignFacts {
  name: string;
  /** Where e-mails about the campaign go: its owner's address. */
  ownerEmail: string;
  /** The owner as notifications name them: first and last name, or the address without one. */
  ownerName: string;
}

/** A payment as its receipt e-mail and notification tell it, taken when it is recorded. */
export interface PaymentFacts {
  campaignName: string;
  amountCents: number;
  /** ISO 8601: the payload is stored as JSON. */
  paidAt: string;
  card: { brand: string; last4: string } | null;
  transactionId: string;
  receiptNumber: string;
  /** The buyer's details as saved with the payment. */
  billing: BillingSnapshot;
}

/**
 * Every kind of domain event and its payload (decision 010). A service records one in the
 * transaction of the change it describes; subscribers react after it commits, from what the
 * payload carries.
 *
 * The facts fields (`campaign`, `payment`) are optional only for events recorded before they were
 * added: such an event may still wait in `domain_events` at an upgrade (it is retried for about a
 * day, `MAX_EVENT_ATTEMPTS`), and its subscribers then read the facts as they are now
 * (`campaignFactsNow`, `paymentFactsNow`). Every event recorded since carries them.
 */
export interface DomainEventPayloads {
  /** The password changed (from My account or a reset link); the owner is told by e-mail. */
  'account.password_changed': { email: string };
  /** A sign-in from a device (operating system and browser) the user never signed in from; they are e-mailed. */
  'account.new_sign_in': {
    email: string;
    /** Administrators' My account has its own address. */
    admin: boolean;
    os: string;
    browser: string;
    city: string;
    country: string;
    ip: string;
    /** ISO 8601. */
    at: string;
  };
  /** The login e-mail changed; the old address is told. */
  'account.email_changed': { oldEmail: string; newEmail: string };
  /** A campaign went to the review queue: published, resubmitted, sent back by an edit or a restore, or a duplicate. */
  'campaign.submitted': {
    campaignId: number;
    reason: 'new' | 'resubmitted' | 'edited' | 'duplicated' | 'restored';
    campaign?: CampaignFacts;
  };
  /** An administrator approved (published) or declined a campaign; its customer is told. */
  'campaign.reviewed': {
    campaignId: number;
    adminId: number;
    decision: 'approved' | 'declined';
    reason: string | null;
    /** The campaign as decided, and what happens next to it (the approval's words). */
    campaign?: CampaignFacts & { outlook: ApprovalOutlook };
  };
  /** A payment link was paid; the customer is told and e-mailed the receipt, and the payment's invoice is issued. */
  'campaign.paid': { campaignId: number; paymentId: number; payment?: PaymentFacts };
  /**
   * The provider made an administrator's refund of a payment, in full or in part
   * (docs/product/payments.md, Refunds): recorded once, when the refund succeeds. The customer is
   * told in the portal and by e-mail, and the credit note that answers the refund is issued
   * (Invoices; decision 030). `amountCents` is what went back to the card; subscribers read the
   * payment's row for the rest (its campaign's name and card, kept as paid).
   */
  'payment.refunded': { paymentId: number; refundId: number; amountCents: number; reason: string };
  /**
   * The customer changed a campaign's flight dates; what is due follows them (docs/product/payments.md,
   * Flight dates and money). `before` is the flight as it was.
   */
  'campaign.flight_changed': {
    campaignId: number;
    before: { startDate: string | null; endDate: string | null };
  };
  /** The flight job saw an approved campaign's start or end day come; its people are told. */
  'campaign.flight_moved': { campaignId: number; state: 'running' | 'ended'; campaign: CampaignFacts };
  /**
   * An automatic payment did not go through (docs/product/payments.md, Automatic payment):
   * declined and tried again at `retryAt`, declined for the last time (`retryAt` null: the
   * campaign is paused), or held by the bank for the cardholder. The account is told, with the link.
   */
  'payment.auto_failed': {
    campaignId: number;
    linkId: number;
    campaignName: string;
    amountCents: number;
    reason: 'declined' | 'action_required';
    retryAt: string | null;
  };
  /** A daily campaign's paid week ended and a new link was made; the customer is told, with it. */
  'campaign.payment_due': { campaignId: number; linkId: number; campaign?: CampaignFacts };
  /**
   * An alert was raised, once (docs/product/alerts.md); the people it goes to are told in the
   * portal, and by e-mail unless they turned that off. Carries what its text names.
   */
  'campaign.alert_raised': {
    campaignId: number;
    kind: AlertKind;
    campaign: CampaignFacts;
    /** Budget alerts: the amount spent and the budget measured against, in cents. */
    amounts?: { spentCents: number; budgetCents: number };
    /** When the paid week ends, or since when no figures were entered (ISO 8601). */
    time?: string;
    /** The flight's last day (`YYYY-MM-DD`), for `flight_ending`. */
    day?: string;
  };
}

export type DomainEventType = keyof DomainEventPayloads;

export interface NewDomainEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  /** The user the event is about, when there is one. */
  userId: number | null;
  payload: DomainEventPayloads[T];
}

/** An event as subscribers get it. */
export interface DomainEvent<T extends DomainEventType = DomainEventType> extends NewDomainEvent<T> {
  id: number;
  createdAt: Date;
  /** The request that recorded it, if any: subscribers run as part of it (lib/request-context.ts). */
  requestId: string | null;
}

/** The NOTIFY channel that wakes the dispatcher of every process when an event commits. */
export const DOMAIN_EVENTS_CHANNEL = 'domain_events';
