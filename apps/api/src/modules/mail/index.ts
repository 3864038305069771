/**
 * The mail module: the e-mail queue (the `mail_queue` table), its sender and its templates. A
 * module queues a message with `Mailer.queue` in the transaction of its change. A module whose
 * message needs more than its parameters registers its template (`Mailer.register`): the reset
 * link (auth), the receipt that carries the payment's invoice (`paymentReceiptWith`, invoices),
 * and the scheduled report that carries its CSV file (report-schedules, with `composeMail`).
 */
export { MailRepository } from './mail.repository';
export type { Mailer } from './mail.service';
export {
  compose as composeMail,
  defineTemplate,
  emailChangeCode,
  invitationNotice,
  passwordResetLinkContent,
  paymentReceiptWith,
  type ReceiptInvoice,
  signupCode,
} from './mail.templates';
