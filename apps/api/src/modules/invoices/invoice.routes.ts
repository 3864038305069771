import { invoiceEndpoints } from '@portal/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../adapters/storage/storage';
import { route } from '../../lib/endpoint-route';
import type { InvoiceFile, InvoiceService } from './invoice.service';

/** A file as the answer: private, since it holds the account's billing. */
const sendFile = (reply: FastifyReply, type: string, file: InvoiceFile<unknown>) =>
  reply
    .type(type)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .send(file.content);

/** Invoices, credit notes and monthly statements (docs/product/payments.md, Invoices and Statements). */
export async function invoiceRoutes(app: FastifyInstance, { invoiceService }: { invoiceService: InvoiceService }) {
  route(app, invoiceEndpoints.getInvoice, async (request) => ({
    data: await invoiceService.invoice(request.principal, request.params.id),
  }));

  route(app, invoiceEndpoints.getInvoicePdf, async (request, reply) =>
    sendFile(reply, 'application/pdf', await invoiceService.invoicePdf(request.principal, request.params.id)),
  );

  route(app, invoiceEndpoints.listPaymentDocuments, async (request) => ({
    data: await invoiceService.paymentDocuments(request.principal, request.query.payment_ids),
  }));

  route(app, invoiceEndpoints.getStatement, async (request) => ({
    data: await invoiceService.statement(request.principal, request.params.month),
  }));

  route(app, invoiceEndpoints.getStatementPdf, async (request, reply) =>
    sendFile(reply, 'application/pdf', await invoiceService.statementPdf(request.principal, request.params.month)),
  );

  route(app, invoiceEndpoints.getStatementCsv, async (request, reply) =>
    sendFile(
      reply,
      'text/csv; charset=utf-8',
      await invoiceService.statementCsv(request.principal, request.params.month),
    ),
  );
}
