import {
  cardLabel,
  checkoutPath,
  formatCents,
  formatDate,
  formatDateTime,
  MY_ACCOUNT_PAGES,
  nextPeriodWords,
  receiptPath,
  sessionDevice,
  sessionPlace,
} from '@portal/contract';
import { campaignFactsNow, type CampaignRepository } from '../campaigns';
import type { DomainEventPayloads, EventSubscriptions } from '../events';
import { autoPayFailedText, paymentFactsNow, type PaymentRepository } from '../payments';
import { recipientsOfCampaign, type AdvertiserRepository } from '../advertisers';
import { alertNotice, alertRecipients, type AlertSettingsRepository } from '../alerts';
import type { UserRepository } from '../users';
import type { MailRepository } from './mail.repository';
import type { Mailer } from './mail.service';
import {
  autoPayFailedNotice,
  campaignAlertNotice,
  campaignApprovedNotice,
  campaignDeclinedNotice,
  emailChangedNotice,
  newSignInNotice,
  passwordChangedNotice,
  paymentDueNotice,
  paymentReceipt,
  paymentRefundNotice,
} from './mail.templates';
import type { SellerConfig } from '../../config';
import type { BillingSnapshot } from '../../db/schema';

/** The buyer as a receipt names them: name, company, address, country and tax id, as saved then. */
const billedTo = (billing: BillingSnapshot) =>
  [
    billing.name,
    billing.company_name,
    billing.address,
    billing.country?.toUpperCase(),
    billing.tax_id && `Tax ID ${billing.tax_id}`,
  ]
    .filter(Boolean)
    .join(', ');

/** The new sign-in e-mail's words from its event. */
function newSignInParams(signIn: DomainEventPayloads['account.new_sign_in'], publicOrigin: string) {
  const place = sessionPlace(signIn);
  return {
    device: sessionDevice(signIn),
    place: place ? `${place} (address ${signIn.ip})` : `address ${signIn.ip}`,
    signedInAt: formatDateTime(signIn.at),
    accountUrl: `${publicOrigin}${MY_ACCOUNT_PAGES[signIn.admin ? 'admin' : 'customer']}`,
    loginUrl: `${publicOrigin}/`,
  };
}

/** What the mail subscribers read and write through. */
type MailRepositories = {
  mail: MailRepository;
  campaigns: CampaignRepository;
  payments: PaymentRepository;
  advertisers: AdvertiserRepository;
  users: UserRepository;
  alertSettings: AlertSettingsRepository;
};

/**
 * The e-mails that follow from events: notices of changes to an account (docs/product/accounts.md),
 * of review decisions (docs/product/review.md) and of payments (docs/product/payments.md).
 * An e-mail is read outside the portal, so its links are absolute: `publicOrigin` and the page's
 * path, where answers to the portal's own pages carry the path alone.
 */
export function subscribeMail(
  events: EventSubscriptions<MailRepositories>,
  mailer: Mailer,
  publicOrigin: string,
  seller: SellerConfig,
): void {
  const issuer = [seller.name, seller.address, seller.taxId && `Tax ID ${seller.taxId}`].filter(Boolean).join(', ');
  events.subscribe('account.password_changed', 'mail', async (event, { repos, afterCommit }) => {
    await mailer.queue(repos, event.payload.email, passwordChangedNotice.with({}));
    afterCommit(() => mailer.kick());
  });

  events.subscribe('account.new_sign_in', 'mail', async (event, { repos, afterCommit }) => {
    await mailer.queue(repos, event.payload.email, newSignInNotice.with(newSignInParams(event.payload, publicOrigin)));
    afterCommit(() => mailer.kick());
  });

  // Told at the old address, so an owner who did not make the change hears of it.
  events.subscribe('account.email_changed', 'mail', async (event, { repos, afterCommit }) => {
    await mailer.queue(repos, event.payload.oldEmail, emailChangedNotice.with({ newEmail: event.payload.newEmail }));
    afterCommit(() => mailer.kick());
  });

  events.subscribe('campaign.reviewed', 'mail', async (event, { repos, afterCommit }) => {
    const { campaignId, decision, reason } = event.payload;
    const campaign = event.payload.campaign ?? (await campaignFactsNow(repos.campaigns, campaignId));
    if (!campaign) return;
    const params = { campaignName: campaign.name, campaignsUrl: `${publicOrigin}/campaigns` };
    const { recipients } = await recipientsOfCampaign(repos, campaignId, 'campaigns');
    for (const { email } of recipients) {
      await mailer.queue(
        repos,
        email,
        decision === 'approved'
          ? campaignApprovedNotice.with({ ...params, outlook: campaign.outlook })
          : campaignDeclinedNotice.with({ ...params, reason: reason ?? '' }),
      );
    }
    afterCommit(() => mailer.kick());
  });

  subscribePaymentMail(events, mailer, publicOrigin, issuer);
  subscribeAutoPayMail(events, mailer, publicOrigin);
  subscribeAlertMail(events, mailer, publicOrigin);
}

/**
 * Payments by e-mail (docs/product/payments.md): the receipt of a payment, a refund made of one,
 * and the next link of a daily campaign whose paid week is over.
 */
function subscribePaymentMail(
  events: EventSubscriptions<MailRepositories>,
  mailer: Mailer,
  publicOrigin: string,
  issuer: string,
): void {
  events.subscribe('campaign.paid', 'mail', async (event, { repos, afterCommit }) => {
    const { campaignId, paymentId } = event.payload;
    const payment = event.payload.payment ?? (await paymentFactsNow(repos.payments, paymentId));
    if (!payment) return;
    const { recipients } = await recipientsOfCampaign(repos, campaignId, 'payments');
    const receipt = paymentReceipt.with({
      campaignName: payment.campaignName,
      amount: formatCents(payment.amountCents),
      paidOn: formatDate(payment.paidAt),
      card: payment.card ? cardLabel(payment.card.brand, payment.card.last4) : 'card',
      transactionId: payment.transactionId,
      receiptUrl: `${publicOrigin}${receiptPath(paymentId)}`,
      receiptNumber: payment.receiptNumber,
      seller: issuer,
      billedTo: billedTo(payment.billing),
      // Its invoice is found, and attached, when the message is sent.
      paymentId: String(paymentId),
    });
    for (const { email } of recipients) await mailer.queue(repos, email, receipt);
    afterCommit(() => mailer.kick());
  });

  events.subscribe('payment.refunded', 'mail', async (event, { repos, afterCommit }) => {
    const { paymentId, amountCents, reason } = event.payload;
    // The campaign's name and the card as paid are kept on the payment's row, which never changes them.
    const payment = await repos.payments.payment(paymentId);
    if (!payment) return;
    const notice = paymentRefundNotice.with({
      amountCents: String(amountCents),
      campaignName: payment.campaignName,
      reason,
      refundedOn: formatDate(event.createdAt),
      card:
        payment.cardBrand && payment.cardLast4
          ? cardLabel(payment.cardBrand, payment.cardLast4)
          : 'the card it was paid with',
      receiptUrl: `${publicOrigin}${receiptPath(paymentId)}`,
    });
    const { recipients } = await recipientsOfCampaign(repos, payment.campaignId, 'payments');
    for (const { email } of recipients) await mailer.queue(repos, email, notice);
    afterCommit(() => mailer.kick());
  });

  events.subscribe('campaign.payment_due', 'mail', async (event, { repos, afterCommit }) => {
    const { campaignId, linkId } = event.payload;
    // The link of this event, still open: paid in between, there is nothing to ask for. Whether
    // it is still open is known only now, so it is read rather than carried by the event.
    const link = await repos.payments.openLinkOf(campaignId);
    if (link?.id !== linkId) return;
    const campaign = event.payload.campaign ?? (await campaignFactsNow(repos.campaigns, campaignId));
    if (!campaign) return;
    const notice = paymentDueNotice.with({
      campaignName: campaign.name,
      amount: formatCents(link.amountCents),
      period: nextPeriodWords(link.coversDays),
      paymentUrl: `${publicOrigin}${checkoutPath(link.token)}`,
    });
    const { recipients } = await recipientsOfCampaign(repos, campaignId, 'payments');
    for (const { email } of recipients) await mailer.queue(repos, email, notice);
    afterCommit(() => mailer.kick());
  });
}

/**
 * Alerts by e-mail (docs/product/alerts.md), to those they go to who did not turn that alert's
 * e-mail off on My account; the portal's notification goes to all of them regardless.
 */
function subscribeAlertMail(events: EventSubscriptions<MailRepositories>, mailer: Mailer, publicOrigin: string): void {
  events.subscribe('campaign.alert_raised', 'mail', async (event, { repos, afterCommit }) => {
    const notice = alertNotice(event.payload);
    const { recipients } = await alertRecipients(repos, event.payload);
    const off = await repos.alertSettings.emailOff(
      recipients.map(({ userId }) => userId),
      event.payload.kind,
    );
    const message = campaignAlertNotice.with({
      title: notice.title,
      message: notice.message,
      action: notice.action,
      url: `${publicOrigin}${notice.link}`,
      settingsUrl: `${publicOrigin}${MY_ACCOUNT_PAGES[notice.forAdministrators ? 'admin' : 'customer']}`,
    });
    for (const { userId, email } of recipients) {
      if (!off.has(userId)) await mailer.queue(repos, email, message);
    }
    afterCommit(() => mailer.kick());
  });
}

/** An automatic payment not made (docs/product/payments.md, Automatic payment), with the link to pay by hand. */
function subscribeAutoPayMail(events: EventSubscriptions<MailRepositories>, mailer: Mailer, publicOrigin: string) {
  events.subscribe('payment.auto_failed', 'mail', async (event, { repos, afterCommit }) => {
    const { campaignId, linkId } = event.payload;
    // Paid by hand in between: there is nothing left to say.
    const link = await repos.payments.openLinkOf(campaignId);
    if (link?.id !== linkId) return;
    const notice = autoPayFailedNotice.with({
      campaignName: event.payload.campaignName,
      message: autoPayFailedText(event.payload),
      paymentUrl: `${publicOrigin}${checkoutPath(link.token)}`,
    });
    const { recipients } = await recipientsOfCampaign(repos, campaignId, 'payments');
    for (const { email } of recipients) await mailer.queue(repos, email, notice);
    afterCommit(() => mailer.kick());
  });
}
