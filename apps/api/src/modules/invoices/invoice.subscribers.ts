import type { EventSubscriptions } from '../events';
import { issueCreditNote, issueInvoice, type IssuingRepositories, type IssuingSettings } from './invoice-issuing';

/**
 * Every payment's invoice and every refund's credit note (docs/product/payments.md, Invoices),
 * issued as the events are handled: in the event's savepoint with its other subscribers, so a
 * document is issued exactly once, and a failure gives its number back and tries again later.
 */
export function subscribeInvoices(events: EventSubscriptions<IssuingRepositories>, settings: IssuingSettings): void {
  events.subscribe('campaign.paid', 'invoices', async (event, { repos }) => {
    await issueInvoice(repos, event.payload.paymentId, settings);
  });

  events.subscribe('payment.refunded', 'invoices', async (event, { repos }) => {
    await issueCreditNote(repos, event.payload, event.createdAt, settings);
  });
}
