import { z } from 'zod';
import { dollarsNumber, isWholeCents, numberFromText, textField } from '../common/common.schemas';
import { DAY_RANGE_MESSAGES, dayField, daysOutOfOrder } from '../common/day-range';
import { listQuerySchema, paginatedResponseSchema } from '../common/list.schemas';
import { dollarsToCents, formatUsd } from '../common/money';
import { paymentActivitySchema, refundSchema } from './payments.schemas';

/**
 * The administrators' payments page and refunds (docs/product/payments.md, Administrators'
 * payments page and Refunds): every payment, searched and filtered by day, as a page or a CSV
 * file, and a payment refunded in full or in part with a reason.
 */

export const REFUND_LIMITS = { reasonMaxLength: 500 } as const;

export const REFUND_MESSAGES = {
  amountRequired: 'Enter the amount to refund',
  amountNotNumber: 'The amount must be a number of dollars',
  amountPositive: 'The amount must be more than $0.00',
  amountDecimals: 'The amount can have at most two decimals',
  nothingLeft: 'This payment is refunded in full already',
  reasonRequired: 'Give the reason for the refund',
  reasonTooLong: `The reason must be at most ${REFUND_LIMITS.reasonMaxLength} characters`,
  paymentNotFound: 'Payment not found',
  /** A payment the sandbox took cannot go back through Stripe, nor one Stripe took through the sandbox. */
  otherProvider: 'This payment was taken by another payment provider, so it cannot be refunded here',
  made: 'The refund was made. The customer is told by e-mail.',
  /** The provider answered that it would not make the refund (its own words follow): nothing was refunded. */
  refused: (providerMessage: string) => `The payment provider refused the refund: ${providerMessage}`,
  /** The provider did not answer: the refund may or may not be made, and is settled later. */
  pending: 'The payment provider did not answer. The refund is pending and is completed automatically.',
} as const;

/** "The amount cannot be more than the $70.00 left to refund". */
const amountTooLarge = (refundable: number) =>
  `The amount cannot be more than the ${formatUsd(refundable)} left to refund`;

/**
 * Why `amount` cannot be refunded of a payment with `refundable` dollars left, or undefined when
 * it can: the refund dialog checks it as the amount is typed, the server under the payment's lock.
 */
export function refundAmountError(amount: number, refundable: number): string | undefined {
  if (dollarsToCents(refundable) <= 0) return REFUND_MESSAGES.nothingLeft;
  if (dollarsToCents(amount) > dollarsToCents(refundable)) return amountTooLarge(refundable);
  return undefined;
}

/** Dollars as JSON sends them (a number) or a form does (a string); cents only, more than 0. */
const refundAmountSchema = numberFromText(
  dollarsNumber(REFUND_MESSAGES.amountRequired, REFUND_MESSAGES.amountNotNumber)
    .refine((value) => value > 0, { error: REFUND_MESSAGES.amountPositive, abort: true })
    .refine(isWholeCents, { error: REFUND_MESSAGES.amountDecimals })
    .meta({ description: 'US dollars, at most two decimals: more than 0 and at most what is left to refund' }),
);

export const refundRequestSchema = z
  .object({
    amount: refundAmountSchema,
    reason: textField(
      'The reason',
      REFUND_MESSAGES.reasonRequired,
      z
        .string()
        .trim()
        .min(1, { error: REFUND_MESSAGES.reasonRequired, abort: true })
        .max(REFUND_LIMITS.reasonMaxLength, { error: REFUND_MESSAGES.reasonTooLong }),
    ).meta({ description: 'Why the money goes back; the customer reads it (1 to 500 characters)' }),
  })
  .meta({ id: 'RefundRequest' });
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** A payment on the administrators' page: the payment activity, its account and customer, and what is left to refund. */
export const adminPaymentSchema = paymentActivitySchema
  .extend({
    refundable: z.number().meta({
      description: 'Dollars left to refund: the amount less the refunds made and those still pending',
    }),
    advertiser_id: z.number().int(),
    advertiser_name: z.string(),
    /** The customer billed, as the receipt names them (the billing details when it was paid). */
    customer_name: z.string(),
    customer_email: z.string(),
  })
  .meta({ id: 'AdminPayment' });
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentListResponseSchema = paginatedResponseSchema(adminPaymentSchema).meta({
  id: 'AdminPaymentListResponse',
});

/** The days of the filter: payments made on from or later, and on to or earlier, UTC days; either may be left out. */
const rangeFields = {
  from: dayField(DAY_RANGE_MESSAGES.from)
    .optional()
    .meta({ description: 'The first day (UTC), YYYY-MM-DD: payments made on it or later' }),
  to: dayField(DAY_RANGE_MESSAGES.to)
    .optional()
    .meta({ description: 'The last day (UTC), YYYY-MM-DD: payments made on it or earlier' }),
};

const checkOrder = <T extends { from?: string; to?: string }>(range: T, context: z.core.$RefinementCtx<T>) => {
  if (daysOutOfOrder(range)) {
    context.addIssue({ code: 'custom', path: ['from'], message: DAY_RANGE_MESSAGES.order, input: range });
  }
};

/** The list's page, search and days. */
export const adminPaymentsQuerySchema = listQuerySchema.extend(rangeFields).superRefine(checkOrder);
export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;

/** The CSV file's filter: the page's search and days, every page. */
export const adminPaymentsExportQuerySchema = listQuerySchema
  .pick({ search: true })
  .extend(rangeFields)
  .superRefine(checkOrder);
export type AdminPaymentsFilter = z.output<typeof adminPaymentsExportQuerySchema>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const refundResponseSchema = z
  .object({
    message: z.string(),
    data: z.object({
      refund: refundSchema.extend({ status: z.enum(REFUND_STATUSES) }),
      /** The payment as it is after the refund. */
      payment: adminPaymentSchema,
    }),
  })
  .meta({ id: 'RefundResponse' });
export type RefundResponse = z.infer<typeof refundResponseSchema>;
