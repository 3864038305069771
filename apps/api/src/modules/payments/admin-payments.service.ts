import type { Readable } from 'node:stream';
import {
  type AdminPayment,
  type AdminPaymentsFilter,
  type AdminPaymentsQuery,
  calendarDay,
  type Paginated,
  paymentStatusLabel,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { writeCsv } from '../../lib/csv';
import type { PaymentRepository } from './payment.repository';
import { toAdminPayment } from './payment-answers';

/** Payments read per round trip while the CSV file streams. */
const EXPORT_BATCH_SIZE = 500;

/** The CSV file's columns (docs/product/payments.md, Administrators' payments page), under the API's names. */
const CSV_COLUMNS = [
  'id',
  'created_at',
  'advertiser_name',
  'customer_name',
  'customer_email',
  'campaign_name',
  'amount',
  'refunded',
  'status',
  'payment_method',
  'transaction_id',
];
/** Amounts the server writes from numbers: never a formula, so left as they are. */
const NUMERIC_COLUMNS: ReadonlySet<string> = new Set(['amount', 'refunded']);

/** A payment's row of the file: its status in words, as the page shows it. */
const csvRow = (payment: AdminPayment): Record<string, string> => ({
  id: String(payment.id),
  created_at: payment.created_at,
  advertiser_name: payment.advertiser_name,
  customer_name: payment.customer_name,
  customer_email: payment.customer_email,
  campaign_name: payment.campaign_name,
  amount: payment.amount.toFixed(2),
  refunded: payment.refunded.toFixed(2),
  status: paymentStatusLabel(payment.status),
  payment_method: payment.payment_method ?? '',
  transaction_id: payment.transaction_id,
});

/**
 * The administrators' payments page (docs/product/payments.md, Administrators' payments page):
 * every account's payments, a page at a time or as a CSV file of the same filter. Refunds are
 * `RefundService`'s.
 */
export class AdminPaymentService {
  constructor(private readonly options: { data: DataAccess<{ payments: PaymentRepository }>; clock: Clock }) {}

  async list(query: AdminPaymentsQuery): Promise<Paginated<AdminPayment>> {
    const page = await this.options.data.repos.payments.listAll(query);
    return { data: page.data.map(toAdminPayment), pagination: page.pagination };
  }

  /** Every payment matching the filter, newest first, as a CSV stream read batch by batch as the client reads. */
  export(filter: AdminPaymentsFilter): Readable {
    const batches = this.options.data.repos.payments.allBatches(filter, EXPORT_BATCH_SIZE);
    async function* rows() {
      for await (const batch of batches) {
        for (const row of batch) yield csvRow(toAdminPayment(row));
      }
    }
    return writeCsv(rows(), CSV_COLUMNS, NUMERIC_COLUMNS);
  }

  /** The file's name, after the day of the download. */
  exportFileName(): string {
    return `payments-${calendarDay(this.options.clock.now())}.csv`;
  }
}
