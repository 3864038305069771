import type { EventDispatcher } from '../events/event-dispatcher';
import type { Mailer } from './mail.service';
import { emailChangedNotice, passwordChangedNotice } from './mail.templates';

/** The e-mails that follow from events: notices of changes to an account (docs/product/accounts.md). */
export function subscribeMail(events: EventDispatcher, mailer: Mailer): void {
  events.subscribe('account.password_changed', 'mail', async (event, { repos, afterCommit }) => {
    await mailer.queue(repos, event.payload.email, passwordChangedNotice.with({}));
    afterCommit(() => mailer.kick());
  });

  // Told at the old address, so an owner who did not make the change hears of it.
  events.subscribe('account.email_changed', 'mail', async (event, { repos, afterCommit }) => {
    await mailer.queue(repos, event.payload.oldEmail, emailChangedNotice.with({ newEmail: event.payload.newEmail }));
    afterCommit(() => mailer.kick());
  });
}
