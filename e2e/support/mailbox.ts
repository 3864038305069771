import { expect, type APIRequestContext } from '@playwright/test';

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The newest message to `to` whose subject starts with `subject`, from the server's /dev/mailbox. */
export async function latestMail(request: APIRequestContext, to: string, subject: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  // Delivery runs just after the action that queued the message: poll briefly.
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox/messages');
        const { data } = (await response.json()) as { data: MailboxMessage[] };
        found = data.find((message) => message.to.includes(to) && message.subject.startsWith(subject));
        return found !== undefined;
      },
      { timeout: 15_000, message: `an e-mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

export async function latestCode(request: APIRequestContext, to: string, subject: string): Promise<string> {
  const message = await latestMail(request, to, subject);
  return message.text.match(/\b(\d{6})\b/)![1]!;
}

export async function latestResetLink(request: APIRequestContext, to: string): Promise<string> {
  const message = await latestMail(request, to, 'Set a new password');
  return message.text.match(/https?:\/\/\S+\/password-setup\/[\w-]+/)![0];
}
