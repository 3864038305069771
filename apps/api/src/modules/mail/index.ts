/**
 * The mail module: the e-mail queue (the `mail_queue` table), its sender and its templates. A
 * module queues a message with `Mailer.queue` in the transaction of its change.
 */
export { MailRepository } from './mail.repository';
export type { Mailer } from './mail.service';
export {
  defineTemplate,
  emailChangeCode,
  invitationNotice,
  passwordResetLinkContent,
  signupCode,
} from './mail.templates';
