import { PAYMENT_MESSAGES, paymentEndpoints } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/endpoint-route';
import type { AutoPayService } from './auto-pay.service';
import type { CardService } from './card.service';
import type { CheckoutService } from './checkout.service';
import type { PaymentService } from './payment.service';

/** Stripe's events are small; anything larger is not one. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

/** Cards, payment links, payments and receipts (docs/product/payments.md). */
export async function paymentRoutes(
  app: FastifyInstance,
  {
    cardService,
    checkoutService,
    paymentService,
    autoPayService,
  }: {
    cardService: CardService;
    checkoutService: CheckoutService;
    paymentService: PaymentService;
    autoPayService: AutoPayService;
  },
) {
  route(app, paymentEndpoints.getBalance, async (request) => ({
    data: await paymentService.balance(request.principal),
  }));

  route(app, paymentEndpoints.createSetupIntent, async (request) => cardService.createSetupIntent(request.principal));

  route(app, paymentEndpoints.confirmSandboxSetup, async (request) =>
    cardService.confirmSandboxSetup(request.principal, request.body),
  );

  route(app, paymentEndpoints.addPaymentMethod, async (request) => ({
    message: PAYMENT_MESSAGES.cardSaved,
    data: await cardService.addPaymentMethod(request.principal, request.body.payment_method_id),
  }));

  route(app, paymentEndpoints.listPaymentMethods, async (request) => ({
    data: await cardService.cards(request.principal),
  }));

  route(app, paymentEndpoints.setDefaultPaymentMethod, async (request) => ({
    message: PAYMENT_MESSAGES.defaultCardSet,
    data: await autoPayService.setDefaultCard(request.principal, request.params.id),
  }));

  route(app, paymentEndpoints.setAutoPay, async (request) =>
    autoPayService.switchAutoPay(request.principal, request.body.enabled),
  );

  route(app, paymentEndpoints.getCheckout, async (request) => ({
    data: await checkoutService.checkout(request.principal, request.params.token),
  }));

  route(app, paymentEndpoints.payWithSandbox, async (request) =>
    checkoutService.payWithSandbox(request.principal, request.params.token, request.body),
  );

  route(app, paymentEndpoints.startCheckoutSession, async (request) =>
    checkoutService.startCheckoutSession(request.principal, request.params.token),
  );

  route(app, paymentEndpoints.listPaymentActivities, async (request) =>
    paymentService.activities(request.principal, request.query),
  );

  route(app, paymentEndpoints.getReceipt, async (request) => ({
    data: await paymentService.receipt(request.principal, request.params.id),
  }));

  // The signature covers the exact bytes Stripe sent, so this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    route(webhook, paymentEndpoints.stripeWebhook, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await checkoutService.handleWebhook(raw, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    });
  });
}
