import { approvalNotice, parseApprovalOutlook } from '@portal/contract';
import { refundNotice } from '../payments';

/** A file sent with a message (a receipt's invoice), made when the message is sent. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A message before it is addressed: the same words as plain text and as simple HTML, and its files. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra header lines: a scheduled report's List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/** What every message may mention besides its own parameters. */
export interface MailContext {
  productName: string;
  supportEmail: string;
}

/** A template's parameters: all a message needs, kept in the queue only until it is sent. */
export type MailParams = Record<string, string>;

/**
 * A kind of message. The queue stores the template's name and parameters, and the message is
 * rendered when it is sent; once sent, the queue keeps only who, what and when, never the body
 * with its code or link (docs/decisions/006-email-queue.md).
 */
export interface MailTemplate<P extends MailParams = MailParams> {
  name: string;
  /** The message to send to `to`, or null when there is nothing to send (it is dropped). */
  render(params: P, context: MailContext, to: string): MailContent | null | Promise<MailContent | null>;
}

/** A message as an action queues it: which template, with what. */
export interface QueuedMail {
  template: string;
  params: MailParams;
}

export function defineTemplate<P extends MailParams>(
  name: string,
  render: MailTemplate<P>['render'],
): MailTemplate<P> & { with(params: P): QueuedMail } {
  return { name, render, with: (params) => ({ template: name, params }) };
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Builds a message from paragraphs; `{code}`-like highlights and links are passed as parts
 * so the HTML can style them while the text version stays readable.
 */
type Part = string | { code: string } | { link: string; label: string };

export function compose(productName: string, subject: string, paragraphs: Part[][]): MailContent {
  const textOf = (part: Part) =>
    typeof part === 'string' ? part : 'code' in part ? part.code : `${part.label}: ${part.link}`;
  const htmlOf = (part: Part) =>
    typeof part === 'string'
      ? escapeHtml(part)
      : 'code' in part
        ? `<strong style="font-size:24px;letter-spacing:6px">${escapeHtml(part.code)}</strong>`
        : `<a href="${escapeHtml(part.link)}">${escapeHtml(part.label)}</a>`;
  const text = [...paragraphs.map((parts) => parts.map(textOf).join('')), `— ${productName}`].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1a1b1e">',
    `<h1 style="font-size:20px">${escapeHtml(productName)}</h1>`,
    ...paragraphs.map((parts) => `<p>${parts.map(htmlOf).join('')}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject: `${subject} — ${productName}`, text, html };
}

export const signupCode = defineTemplate<{ code: string }>('signup_code', ({ code }, { productName }) =>
  compose(productName, 'Your activation code', [
    ['Welcome! Enter this code to activate your account:'],
    [{ code }],
    ['The code is valid for 10 minutes. If you did not sign up, you can ignore this message.'],
  ]),
);

export const emailChangeCode = defineTemplate<{ code: string }>('email_change_code', ({ code }, { productName }) =>
  compose(productName, 'Confirm your new e-mail address', [
    ['Enter this code to confirm this address as the new e-mail of your account:'],
    [{ code }],
    ['The code is valid for 10 minutes. If you did not ask for this change, you can ignore this message.'],
  ]),
);

export const emailChangedNotice = defineTemplate<{ newEmail: string }>(
  'email_changed_notice',
  ({ newEmail }, { productName, supportEmail }) =>
    compose(productName, 'Your e-mail address was changed', [
      [`The e-mail address of your account was changed to ${newEmail}. From now on, log in with that address.`],
      [`If you did not make this change, contact ${supportEmail} at once.`],
    ]),
);

export const passwordChangedNotice = defineTemplate<Record<string, never>>(
  'password_changed_notice',
  (_params, { productName, supportEmail }) =>
    compose(productName, 'Your password was changed', [
      ['The password of your account was changed, and every device was signed out.'],
      [`If you did not make this change, contact ${supportEmail} at once.`],
    ]),
);

/**
 * A sign-in from a device the user never signed in from (docs/product/accounts.md, Your
 * sessions): where and when, and what to do if it was not them.
 */
export const newSignInNotice = defineTemplate<{
  device: string;
  place: string;
  signedInAt: string;
  accountUrl: string;
  loginUrl: string;
}>('new_sign_in_notice', ({ device, place, signedInAt, accountUrl, loginUrl }, { productName }) =>
  compose(productName, 'New sign-in to your account', [
    [`Your ${productName} account was signed in to from ${device}, ${place}, on ${signedInAt}.`],
    ['If this was you, there is nothing to do.'],
    [
      "If this wasn't you, change your password at once on My account, which signs every device out: ",
      { link: accountUrl, label: 'My account' },
    ],
    ['If you cannot sign in, choose "Forgot password?" on the login page: ', { link: loginUrl, label: 'Log in' }],
  ]),
);

/**
 * An administrator approved the campaign, and what happens next: the words of the portal's
 * notification (docs/product/review.md, Approve). The template keeps its first name, under which
 * messages may still wait in the queue.
 */
export const campaignApprovedNotice = defineTemplate<{ campaignName: string; campaignsUrl: string; outlook: string }>(
  'campaign_published_notice',
  ({ campaignName, campaignsUrl, outlook }, { productName }) => {
    const notice = approvalNotice(campaignName, parseApprovalOutlook(outlook));
    return compose(productName, notice.subject, [
      [`${notice.message}.`],
      [{ link: campaignsUrl, label: 'Your campaigns' }],
    ]);
  },
);

/** An administrator declined the campaign, with the reason when one was given. */
export const campaignDeclinedNotice = defineTemplate<{ campaignName: string; reason: string; campaignsUrl: string }>(
  'campaign_declined_notice',
  ({ campaignName, reason, campaignsUrl }, { productName }) =>
    compose(productName, 'Your campaign was declined', [
      [`Your campaign "${campaignName}" was declined.`],
      [reason ? `Reason: ${reason}` : 'No reason was given.'],
      ['You can edit it and send it for review again. ', { link: campaignsUrl, label: 'Your campaigns' }],
    ]),
);

/** What the receipt e-mail is queued with (docs/product/payments.md, Receipts). */
type ReceiptParams = {
  campaignName: string;
  amount: string;
  paidOn: string;
  card: string;
  transactionId: string;
  receiptUrl: string;
  receiptNumber: string;
  seller: string;
  billedTo: string;
  /** The payment, whose invoice is found when the message is sent; absent from messages queued before invoices. */
  paymentId?: string;
};

/** The invoice a receipt e-mail names and carries as a PDF (docs/product/payments.md, Invoices). */
export interface ReceiptInvoice {
  number: string;
  attachment: MailAttachment;
}

/**
 * The receipt e-mail: its essentials, its address, and the payment's invoice when `invoiceOf`
 * finds one as the message is sent (the invoice is issued by the same event, so it is there).
 */
export const paymentReceiptWith = (invoiceOf: (paymentId: number) => Promise<ReceiptInvoice | undefined>) =>
  defineTemplate<ReceiptParams>(
    'payment_receipt',
    async (
      // Messages queued before the receipt number, seller and buyer were added lack them: '' leaves them out.
      {
        campaignName,
        amount,
        paidOn,
        card,
        transactionId,
        receiptUrl,
        receiptNumber = '',
        seller = '',
        billedTo = '',
        paymentId,
      },
      { productName },
    ) => {
      const invoice = paymentId ? await invoiceOf(Number(paymentId)) : undefined;
      const content = compose(
        productName,
        receiptNumber ? `Receipt ${receiptNumber} for ${campaignName}` : `Receipt for ${campaignName}`,
        [
          [`We received your payment of ${amount} for the campaign "${campaignName}" on ${paidOn}.`],
          [`Paid with: ${card}. Transaction: ${transactionId}.`],
          ...(receiptNumber ? [[`Receipt number: ${receiptNumber}.`]] : []),
          ...(invoice ? [[`Invoice number: ${invoice.number}, attached as a PDF.`]] : []),
          ...(seller ? [[`Issued by: ${seller}.`]] : []),
          ...(billedTo ? [[`Billed to: ${billedTo}.`]] : []),
          [{ link: receiptUrl, label: 'Your receipt' }],
        ],
      );
      return invoice ? { ...content, attachments: [invoice.attachment] } : content;
    },
  );

/** The receipt as the queue knows it; the invoices module registers the one that finds the invoice. */
export const paymentReceipt = paymentReceiptWith(async () => undefined);

/**
 * A payment was refunded in full or in part (docs/product/payments.md, Refunds): how much, for
 * which campaign, why, where the money goes, and the receipt that lists the refunds.
 */
export const paymentRefundNotice = defineTemplate<{
  /** Whole cents, written out: a template's parameters are text. */
  amountCents: string;
  campaignName: string;
  reason: string;
  refundedOn: string;
  card: string;
  receiptUrl: string;
}>('payment_refund_notice', ({ amountCents, campaignName, reason, refundedOn, card, receiptUrl }, { productName }) => {
  const notice = refundNotice(Number(amountCents), campaignName, reason);
  return compose(productName, notice.subject, [
    [`We refunded ${notice.amount} of your payment for the campaign "${campaignName}" on ${refundedOn}.`],
    [`Reason: ${reason}`],
    [`The money goes back to ${card}.`],
    [{ link: receiptUrl, label: 'Your receipt' }],
  ]);
});

/**
 * A daily campaign's paid period is over: the next one's link, for 7 days or the days its flight
 * has left (docs/product/payments.md, Seven-day periods).
 */
export const paymentDueNotice = defineTemplate<{
  campaignName: string;
  amount: string;
  /** `nextPeriodWords` of the link: "the next 7 days", "the last 3 days of its flight". */
  period: string;
  paymentUrl: string;
}>('payment_due_notice', ({ campaignName, amount, period, paymentUrl }, { productName }) =>
  compose(productName, `${campaignName}: pay for ${period}`, [
    [`The days paid for your campaign "${campaignName}" are over, and it has stopped delivering.`],
    [`Pay ${amount} for ${period} to start it again: `, { link: paymentUrl, label: 'Pay now' }],
  ]),
);

/**
 * An automatic payment that did not go through (docs/product/payments.md, Automatic payment), in
 * the words of the portal's notice, with the link to pay by hand.
 */
export const autoPayFailedNotice = defineTemplate<{
  campaignName: string;
  /** `autoPayFailedMessage`'s words. */
  message: string;
  paymentUrl: string;
}>('auto_pay_failed', ({ campaignName, message, paymentUrl }, { productName }) =>
  compose(productName, `${campaignName}: automatic payment not made`, [
    [`${message}.`],
    [{ link: paymentUrl, label: 'Pay now' }],
  ]),
);

/**
 * An alert (docs/product/alerts.md), in the words the contract declares for its kind, with the
 * page where the reader acts and where the e-mail can be turned off.
 */
export const campaignAlertNotice = defineTemplate<{
  title: string;
  message: string;
  action: string;
  url: string;
  settingsUrl: string;
}>('campaign_alert', ({ title, message, action, url, settingsUrl }, { productName }) =>
  compose(productName, title, [
    [`${message}.`],
    [{ link: url, label: action }],
    [
      'You can stop e-mails of this alert on ',
      { link: settingsUrl, label: 'My account' },
      '; it still arrives in the portal.',
    ],
  ]),
);

/**
 * An invitation to an advertiser account, or (with no account) to administer the portal
 * (docs/product/teams.md, Invitations). The link is the invitation: it works once, for 7 days.
 */
export const invitationNotice = defineTemplate<{
  inviter: string;
  joining: string;
  role: string;
  link: string;
  expiresOn: string;
}>('invitation', ({ inviter, joining, role, link, expiresOn }, { productName }) =>
  compose(productName, `${inviter} invited you to ${joining}`, [
    [`${inviter} invited you to ${joining} on ${productName}${role ? `, as ${role}` : ''}.`],
    [{ link, label: 'Accept the invitation' }],
    [
      `The link works once, until ${expiresOn}. Sign in with this e-mail address, or create your account from the link. If you did not expect it, you can ignore this message.`,
    ],
  ]),
);

/** Messages queued before templates were stored by name, kept whole so an upgrade sends them as they were. */
const preRendered = defineTemplate<{ subject: string; text: string; html: string }>(
  'pre_rendered',
  (message) => message,
);

/** The reset link's words; the link itself is made at send time (see RecoveryService). */
export const passwordResetLinkContent = (productName: string, link: string) =>
  compose(productName, 'Set a new password', [
    ['Someone asked to set a new password for your account. If it was you, follow this link:'],
    [{ link, label: 'Set a new password' }],
    ['The link works once, within one hour. If you did not ask for it, you can ignore this message.'],
  ]);

/** The templates whose words depend on their parameters alone. */
export const staticTemplates: MailTemplate[] = [
  signupCode,
  emailChangeCode,
  emailChangedNotice,
  passwordChangedNotice,
  newSignInNotice,
  campaignApprovedNotice,
  campaignDeclinedNotice,
  paymentReceipt,
  paymentRefundNotice,
  paymentDueNotice,
  autoPayFailedNotice,
  campaignAlertNotice,
  invitationNotice,
  preRendered,
] as MailTemplate[];
