/**
 * The events module: what happened, recorded in the transaction of the change (the
 * `domain_events` table), and the subscriptions that handle it after commit (decision 010).
 */
export type {
  CampaignFacts,
  DomainEvent,
  DomainEventPayloads,
  /** @public the type of events EventSubscriptions.subscribe takes */
  DomainEventType,
  /** @public what EventRepository.record takes */
  NewDomainEvent,
  PaymentFacts,
} from './domain-events';
export type {
  EventSubscriptions,
  /** @public what a subscriber of EventSubscriptions is handed */
  SubscriberContext,
} from './event-dispatcher';
export { EventRepository } from './event.repository';
