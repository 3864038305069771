/**
 * Every kind of domain event and its payload (decision 010). A service records one in the
 * transaction of the change it describes; subscribers react after it commits.
 */
export interface DomainEventPayloads {
  /** The password changed (from My account or a reset link); the owner is told by e-mail. */
  'account.password_changed': { email: string };
  /** The login e-mail changed; the old address is told. */
  'account.email_changed': { oldEmail: string; newEmail: string };
  /** A campaign went to the review queue: published, resubmitted, sent back by an edit or a restore, or a duplicate. */
  'campaign.submitted': { campaignId: number; reason: 'new' | 'resubmitted' | 'edited' | 'duplicated' | 'restored' };
  /** An administrator approved (published) or declined a campaign; its customer is told. */
  'campaign.reviewed': {
    campaignId: number;
    adminId: number;
    decision: 'approved' | 'declined';
    reason: string | null;
  };
  /** A payment link was paid; the customer is told and e-mailed the receipt. */
  'campaign.paid': { campaignId: number; paymentId: number };
  /** A daily campaign's paid week ended and a new link was made; the customer is told, with it. */
  'campaign.payment_due': { campaignId: number; linkId: number };
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
}

/** The NOTIFY channel that wakes the dispatcher of every process when an event commits. */
export const DOMAIN_EVENTS_CHANNEL = 'domain_events';
