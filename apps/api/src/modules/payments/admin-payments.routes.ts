import { adminPaymentEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { attachmentDisposition } from '../../adapters/storage/storage';
import { route } from '../../lib/endpoint-route';
import type { AdminPaymentService } from './admin-payments.service';
import type { RefundService } from './refund.service';

/** The administrators' payments page, its CSV file and refunds (docs/product/payments.md). */
export async function adminPaymentRoutes(
  app: FastifyInstance,
  { adminPaymentService, refundService }: { adminPaymentService: AdminPaymentService; refundService: RefundService },
) {
  route(app, adminPaymentEndpoints.listAdminPayments, (request) => adminPaymentService.list(request.query));

  // Streamed; private, as it holds every customer's payments.
  route(app, adminPaymentEndpoints.exportAdminPayments, async (request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(adminPaymentService.exportFileName()))
      .header('cache-control', 'private, no-store')
      .send(adminPaymentService.export(request.query)),
  );

  route(app, adminPaymentEndpoints.refundPayment, (request) =>
    refundService.refund(request.principal, request.params.id, request.body),
  );
}
