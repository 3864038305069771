/**
 * The events module: what happened, recorded in the transaction of the change (the
 * `domain_events` table), and the subscriptions that handle it after commit (decision 010).
 */
export type {
  CampaignFacts,
  DomainEvent,
  DomainEventPayloads,
  DomainEventType,
  NewDomainEvent,
  PaymentFacts,
} from './domain-events';
export type { EventSubscriptions, SubscriberContext } from './event-dispatcher';
export { EventRepository } from './event.repository';
