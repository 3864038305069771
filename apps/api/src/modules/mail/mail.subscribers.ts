import type { EventDispatcher } from '../events/event-dispatcher';
import type { Mailer } from './mail.service';
import {
  campaignDeclinedNotice,
  campaignPublishedNotice,
  emailChangedNotice,
  passwordChangedNotice,
} from './mail.templates';

/**
 * The e-mails that follow from events: notices of changes to an account (docs/product/accounts.md)
 * and of review decisions (docs/product/review.md). `publicOrigin` makes the links.
 */
export function subscribeMail(events: EventDispatcher, mailer: Mailer, publicOrigin: string): void {
  events.subscribe('account.password_changed', 'mail', async (event, { repos, afterCommit }) => {
    await mailer.queue(repos, event.payload.email, passwordChangedNotice.with({}));
    afterCommit(() => mailer.kick());
  });

  // Told at the old address, so an owner who did not make the change hears of it.
  events.subscribe('account.email_changed', 'mail', async (event, { repos, afterCommit }) => {
    await mailer.queue(repos, event.payload.oldEmail, emailChangedNotice.with({ newEmail: event.payload.newEmail }));
    afterCommit(() => mailer.kick());
  });

  events.subscribe('campaign.reviewed', 'mail', async (event, { repos, afterCommit }) => {
    const { campaignId, decision, reason } = event.payload;
    const view = await repos.campaigns.findView(campaignId);
    if (!view) return;
    const params = { campaignName: view.campaign.name, campaignsUrl: `${publicOrigin}/campaigns` };
    await mailer.queue(
      repos,
      view.owner.email,
      decision === 'approved'
        ? campaignPublishedNotice.with(params)
        : campaignDeclinedNotice.with({ ...params, reason: reason ?? '' }),
    );
    afterCommit(() => mailer.kick());
  });
}
