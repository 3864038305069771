import {
  centsToDollars,
  dollarsToCents,
  formatCents,
  refundAmountError,
  REFUND_MESSAGES,
  type RefundRequest,
  type RefundResponse,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { RefundRefusedError, type PaymentProvider } from '../../adapters/payments/payment-provider';
import type { PaymentRefundRow, PaymentRow } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { JobDefinition } from '../../lib/job-runner';
import type { AdminPrincipal } from '../../lib/principal';
import type { AuditRepository } from '../audit';
import type { EventRepository } from '../events';
import type { PaymentRepository } from './payment.repository';
import { toAdminPayment, toRefund } from './payment-answers';
import type { RefundOutcome, RefundRepository } from './refund.repository';

/** What a refund changes: its payment's row, its own, the audit trail and the event that tells of it. */
export interface RefundRepositories {
  payments: PaymentRepository;
  refunds: RefundRepository;
  audit: AuditRepository;
  events: EventRepository;
}

/** Jobs of refunds: asking the provider again about the refunds whose answer was lost. */
export const REFUND_JOBS = { settle: 'payments.refunds.settle' } as const;

/** A refund still pending this long after it was asked for has lost its answer (the request that asked is long over). */
const SETTLE_AFTER_MS = 5 * 60_000;
/**
 * Stripe keeps an idempotency key for at least a day: asked again later, the same refund could be
 * made twice, so a refund pending for longer is left to an administrator (decision 030).
 */
const SETTLE_WITHIN_MS = 23 * 3_600_000;
/** Refunds asked about again per round. */
const SETTLE_BATCH = 50;

export const refundJobs = (refunds: RefundService): JobDefinition[] => [
  { name: REFUND_JOBS.settle, everyMs: 60_000, run: () => refunds.settlePending() },
];

/** The provider's idempotency key of a refund: its row's id, so asking again is the same refund. */
const refundKey = (refund: PaymentRefundRow) => `portal-payment-refund-${refund.id}`;

/**
 * Administrators' refunds (docs/product/payments.md, Refunds; decision 030). A refund is written
 * `pending` under its payment's lock, with its amount held on the payment, before the provider
 * is asked, outside any transaction, with the refund's id as the idempotency key; its answer then
 * settles it: `succeeded` (refunded, audited, the event recorded) or `failed` (the amount free
 * again). An answer that never came leaves it pending for `settlePending` to ask again.
 */
export class RefundService {
  constructor(
    private readonly options: {
      data: DataAccess<RefundRepositories>;
      clock: Clock;
      provider: PaymentProvider;
      log: FastifyBaseLogger;
    },
  ) {}

  async refund(admin: AdminPrincipal, paymentId: number, request: RefundRequest): Promise<RefundResponse> {
    const { refund, payment } = await this.hold(admin, paymentId, request);
    const outcome = await this.ask(refund, payment);
    if (!outcome) throw new HttpError(503, REFUND_MESSAGES.pending);
    const settled = await this.settle(refund, outcome);
    if (outcome.status === 'failed') throw new HttpError(502, REFUND_MESSAGES.refused(outcome.failure));
    const now = await this.options.data.repos.payments.adminPayment(paymentId);
    return {
      message: REFUND_MESSAGES.made,
      data: { refund: { ...toRefund(settled ?? refund), status: 'succeeded' }, payment: toAdminPayment(now!) },
    };
  }

  /**
   * Records the refund pending and holds its amount, under the payment's lock: of refunds asked at
   * once, each sees what the others hold, so together they never pass what was paid.
   */
  private hold(admin: AdminPrincipal, paymentId: number, request: RefundRequest) {
    const { data, clock } = this.options;
    return data.withTransaction(async (repos) => {
      const payment = await repos.payments.lockPayment(paymentId);
      if (!payment) throw notFound(REFUND_MESSAGES.paymentNotFound);
      // The sandbox would "refund" a Stripe payment without moving any money back.
      if (payment.provider !== this.options.provider.kind) throw new HttpError(409, REFUND_MESSAGES.otherProvider);
      const leftCents = payment.amountCents - payment.refundedCents - payment.refundPendingCents;
      const problem = refundAmountError(request.amount, centsToDollars(leftCents));
      if (problem) throw fieldError(422, 'amount', problem);
      const amountCents = dollarsToCents(request.amount);
      const refund = await repos.refunds.insertPending(
        { paymentId, amountCents, reason: request.reason, createdBy: admin.userId },
        clock.now(),
      );
      await repos.payments.holdRefund(paymentId, amountCents);
      return { refund, payment };
    });
  }

  /** The provider's answer: made, refused with its words, or undefined when none came (the outcome is unknown). */
  private async ask(refund: PaymentRefundRow, payment: PaymentRow): Promise<RefundOutcome | undefined> {
    const { provider, log } = this.options;
    if (payment.provider !== provider.kind) {
      // Held before the portal moved to another provider: only the one that took it can answer.
      log.error({ refundId: refund.id }, 'refund pending with another payment provider; left pending');
      return undefined;
    }
    try {
      const made = await provider.refundPayment({
        transactionId: payment.transactionId,
        amountCents: refund.amountCents,
        idempotencyKey: refundKey(refund),
        metadata: { portal_payment_id: String(payment.id), portal_refund_id: String(refund.id) },
      });
      return { status: 'succeeded', providerRefundId: made.id };
    } catch (error) {
      if (error instanceof RefundRefusedError) return { status: 'failed', failure: error.message };
      log.error({ err: error, refundId: refund.id }, 'refund not answered by the provider; left pending');
      return undefined;
    }
  }

  /**
   * Records the provider's answer, once: the refund row, its payment's sums, the audit row and,
   * when it was made, the `payment.refunded` event. Undefined when it was settled already.
   */
  private settle(refund: PaymentRefundRow, outcome: RefundOutcome): Promise<PaymentRefundRow | undefined> {
    const { data, clock } = this.options;
    const now = clock.now();
    return data.withTransaction(async (repos) => {
      const settled = await repos.refunds.settle(refund.id, outcome, now);
      if (!settled) return undefined;
      const made = outcome.status === 'succeeded';
      const payment = await repos.payments.settleRefund(refund.paymentId, refund.amountCents, made);
      await repos.audit.record(
        {
          actorId: refund.createdBy,
          action: made ? 'payment.refunded' : 'payment.refund_failed',
          // On the campaign paid for, so its History and its account's trail show the refund.
          subject: { type: 'campaign', id: payment.campaignId },
          after: {
            payment_id: payment.id,
            refund_id: refund.id,
            amount: formatCents(refund.amountCents),
            reason: refund.reason,
            transaction_id: payment.transactionId,
            ...(outcome.status === 'succeeded'
              ? { provider_refund_id: outcome.providerRefundId }
              : { failure: outcome.failure }),
          },
        },
        now,
      );
      if (made) {
        await repos.events.record(
          {
            type: 'payment.refunded',
            userId: refund.createdBy,
            payload: {
              paymentId: payment.id,
              refundId: refund.id,
              amountCents: refund.amountCents,
              reason: refund.reason,
            },
          },
          now,
        );
      }
      return settled;
    });
  }

  /**
   * Asks the provider again, with the same key, about the refunds whose answer was lost (a
   * time-out, a process stopped between the call and its record), and settles them. Returns how
   * many it settled.
   */
  async settlePending(): Promise<number> {
    const { data, clock } = this.options;
    const now = clock.now().getTime();
    const lost = await data.repos.refunds.pendingBetween(
      new Date(now - SETTLE_WITHIN_MS),
      new Date(now - SETTLE_AFTER_MS),
      SETTLE_BATCH,
    );
    let settled = 0;
    for (const refund of lost) {
      const payment = await data.repos.payments.payment(refund.paymentId);
      const outcome = payment && (await this.ask(refund, payment));
      if (outcome && (await this.settle(refund, outcome))) settled++;
    }
    return settled;
  }
}
