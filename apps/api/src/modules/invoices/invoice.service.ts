import type { Readable } from 'node:stream';
import {
  INVOICE_MESSAGES,
  invoiceFileName,
  type Invoice,
  isAdminRole,
  type PaymentDocument,
  type Statement,
  statementFileName,
  startOfDayIn,
} from '@portal/contract';
import type { SellerConfig } from '../../config';
import type { InvoiceRow } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { fieldError, notFound } from '../../lib/http-errors';
import type { AdvertiserPrincipal, Principal } from '../../lib/principal';
import type { AdvertiserRepository } from '../advertisers';
import { paymentReceiptWith, type Mailer, type ReceiptInvoice } from '../mail';
import type { PaymentRepository } from '../payments';
import type { InvoiceRepository } from './invoice.repository';
import { toInvoice, toPaymentDocument } from './invoice-answers';
import { invoicePdf } from './invoice-pdf';
import { buildStatement } from './statement';
import { statementCsv, statementPdf } from './statement-files';

/** What the invoices' answers read: the documents, and for statements the payments and the account. */
export interface InvoiceRepositories {
  invoices: InvoiceRepository;
  payments: PaymentRepository;
  advertisers: AdvertiserRepository;
}

export interface InvoiceServiceOptions {
  data: DataAccess<InvoiceRepositories>;
  clock: Clock;
  /** Who issues the statements (documents keep the seller they were issued by). */
  seller: SellerConfig;
  /** The product's name, at the top of every PDF as on the pages. */
  productName: string;
  /** Sends the receipt e-mail with the payment's invoice attached (docs/product/payments.md, Receipts). */
  mailer: Pick<Mailer, 'register'>;
}

/** A file to answer: its name and its bytes. */
export interface InvoiceFile<T> {
  name: string;
  content: T;
}

/** The instants a month of the account's calendar begins and ends ('2026-11' in Europe/London). */
function monthBounds(month: string, timeZone: string): { from: Date; until: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
  return { from: startOfDayIn(`${month}-01`, timeZone), until: startOfDayIn(`${next}-01`, timeZone) };
}

/**
 * Invoices, credit notes and monthly statements (docs/product/payments.md, Invoices and
 * Statements). Issuing them is the event subscribers' (`subscribeInvoices`); this answers them.
 */
export class InvoiceService {
  constructor(private readonly options: InvoiceServiceOptions) {
    options.mailer.register(paymentReceiptWith((paymentId) => this.receiptInvoice(paymentId)));
  }

  /** A document, for the members of its account who manage billing and for administrators; 404 for anyone else. */
  async invoice(principal: Principal, id: number): Promise<Invoice> {
    const row = await this.options.data.repos.invoices.find(id);
    if (!row || (row.advertiserId !== principal.advertiser?.id && !isAdminRole(principal.roleId))) {
      throw notFound(INVOICE_MESSAGES.notFound);
    }
    return this.answer(row);
  }

  async invoicePdf(principal: Principal, id: number): Promise<InvoiceFile<Buffer>> {
    const invoice = await this.invoice(principal, id);
    return { name: invoiceFileName(invoice.kind, invoice.number), content: await this.pdfOf(invoice) };
  }

  /** The documents of the payments named that the caller may see. */
  async paymentDocuments(principal: Principal, paymentIds: number[]): Promise<PaymentDocument[]> {
    const admin = isAdminRole(principal.roleId);
    if (!admin && !principal.advertiser) return [];
    const rows = await this.options.data.repos.invoices.documentsOfPayments(
      paymentIds,
      admin ? null : principal.advertiser!.id,
    );
    return rows.map(toPaymentDocument);
  }

  /** The account's statement of a month of its calendar; a month that has not begun is refused (422). */
  async statement(principal: AdvertiserPrincipal, month: string): Promise<Statement> {
    const { data, clock, seller } = this.options;
    const { id: advertiserId, timeZone } = principal.advertiser;
    const { from, until } = monthBounds(month, timeZone);
    if (from > clock.now()) throw fieldError(422, 'month', INVOICE_MESSAGES.monthAhead);
    const { invoices, payments, advertisers } = data.repos;
    const [documents, paid, totals, paidCents, contact] = await Promise.all([
      invoices.issuedBetween(advertiserId, from, until),
      payments.paymentsBetween(advertiserId, from, until),
      invoices.totalsBefore(advertiserId, from),
      payments.paidCentsBefore(advertiserId, from),
      advertisers.contactOf(advertiserId),
    ]);
    const creditedIds = documents.flatMap((document) =>
      document.creditedInvoiceId ? [document.creditedInvoiceId] : [],
    );
    const credited = await invoices.numbersOf(creditedIds);
    return buildStatement({
      month,
      timeZone,
      accountName: contact?.name ?? '',
      seller: { name: seller.name, address: seller.address, tax_id: seller.taxId },
      before: { ...totals, paidCents },
      documents,
      creditedNumbers: credited,
      payments: paid,
    });
  }

  async statementPdf(principal: AdvertiserPrincipal, month: string): Promise<InvoiceFile<Buffer>> {
    const statement = await this.statement(principal, month);
    const content = await statementPdf(statement, this.options.productName, this.options.clock.now());
    return { name: statementFileName(month, 'pdf'), content };
  }

  async statementCsv(principal: AdvertiserPrincipal, month: string): Promise<InvoiceFile<Readable>> {
    return { name: statementFileName(month, 'csv'), content: statementCsv(await this.statement(principal, month)) };
  }

  /** The payment's invoice as its receipt e-mail names and carries it, when it has one. */
  private async receiptInvoice(paymentId: number): Promise<ReceiptInvoice | undefined> {
    const row = await this.options.data.repos.invoices.invoiceOfPayment(paymentId);
    if (!row) return undefined;
    const invoice = await this.answer(row);
    return {
      number: invoice.number,
      attachment: {
        filename: invoiceFileName(invoice.kind, invoice.number),
        contentType: 'application/pdf',
        content: await this.pdfOf(invoice),
      },
    };
  }

  private async answer(row: InvoiceRow): Promise<Invoice> {
    const credited = row.creditedInvoiceId
      ? await this.options.data.repos.invoices.find(row.creditedInvoiceId)
      : undefined;
    return toInvoice(row, credited);
  }

  private pdfOf(invoice: Invoice): Promise<Buffer> {
    return invoicePdf(invoice, this.options.productName);
  }
}
