import {
  centsToDollars,
  checkoutPath,
  isAdminRole,
  type ListQuery,
  PAYMENT_MESSAGES,
  type Receipt,
} from '@portal/contract';
import type { SellerConfig } from '../../config';
import type { DataAccess } from '../../db/transactor';
import { notFound } from '../../lib/http-errors';
import type { AdvertiserPrincipal, Principal } from '../../lib/principal';
import type { AutoPayRepository } from './auto-pay.repository';
import type { PaymentRepository } from './payment.repository';
import { toPaymentActivity, toRefund } from './payment-answers';
import type { RefundRepository } from './refund.repository';
import { amountDueOf, receiptNumber } from './payment-links';

export interface PaymentServiceOptions {
  data: DataAccess<{ payments: PaymentRepository; autoPay: AutoPayRepository; refunds: RefundRepository }>;
  /** Who issues the receipts (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID). */
  seller: SellerConfig;
}

/**
 * What a customer owes and has paid (docs/product/payments.md, Total Amount Due, Payment
 * activity, Receipts). Paying is `CheckoutService`'s, cards `CardService`'s, and the daily
 * campaigns' weeks `PaymentPeriodService`'s.
 */
export class PaymentService {
  constructor(private readonly options: PaymentServiceOptions) {}

  /**
   * Total Amount Due: the open links of the customer's approved campaigns that are not archived;
   * the account's credit, and whether it pays automatically.
   */
  async balance(principal: AdvertiserPrincipal) {
    const { payments, autoPay } = this.options.data.repos;
    const [due, creditCents, settings] = await Promise.all([
      payments.due(principal.advertiser.id),
      payments.creditOf(principal.advertiser.id),
      autoPay.settingsOf(principal.advertiser.id),
    ]);
    return {
      total_amount_due: centsToDollars(due.reduce((sum, link) => sum + link.amountCents, 0)),
      campaigns_due: due.map((link) => ({
        id: link.campaignId,
        campaign_name: link.campaignName,
        ...amountDueOf(link),
        payment_link_url: checkoutPath(link.token),
      })),
      credit: centsToDollars(creditCents),
      auto_pay: settings.autoPaySince !== null,
    };
  }

  async activities(principal: AdvertiserPrincipal, query: ListQuery) {
    const page = await this.options.data.repos.payments.listPayments(principal.advertiser.id, query);
    return { data: page.data.map((row) => toPaymentActivity(row)), pagination: page.pagination };
  }

  /**
   * A receipt, with the refunds made of the payment, for its customer and administrators; anyone
   * else gets 404 as for an unknown one.
   */
  async receipt(principal: Principal, id: number): Promise<Receipt> {
    const { repos } = this.options.data;
    const row = await repos.payments.payment(id);
    if (!row || (row.advertiserId !== principal.advertiser?.id && !isAdminRole(principal.roleId))) {
      throw notFound(PAYMENT_MESSAGES.receiptNotFound);
    }
    const refunds = await repos.refunds.succeededOf(row.id);
    const { seller } = this.options;
    return {
      ...toPaymentActivity(row),
      receipt_number: receiptNumber(row.id),
      seller: { name: seller.name, address: seller.address, tax_id: seller.taxId },
      billing: { ...row.billing, tax_id: row.billing.tax_id ?? null },
      covers_until: row.coversUntil ? row.coversUntil.toISOString() : null,
      refunds: refunds.map(toRefund),
    };
  }
}
