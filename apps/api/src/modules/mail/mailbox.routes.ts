import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { simpleParser } from 'mailparser';
import { ERROR_MESSAGES, sendError } from '../../plugins/errors';

export interface MailboxMessage {
  file: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  /** The files sent with it, by name (a receipt's invoice). */
  attachments: string[];
}

/** The outbox's messages, newest first. */
export async function readOutbox(outboxDir: string): Promise<MailboxMessage[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  files.sort().reverse();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(await readFile(path.join(outboxDir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
      return {
        file,
        to,
        subject: parsed.subject ?? '',
        date: (parsed.date ?? new Date(0)).toISOString(),
        text: parsed.text ?? '',
        attachments: parsed.attachments.map((attachment) => attachment.filename ?? ''),
      };
    }),
  );
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The names of a message's files, under its text (their content is in the .eml file). */
const attachmentsOf = (message: MailboxMessage) =>
  message.attachments.length === 0
    ? ''
    : `<p>Attached: ${message.attachments.map((name) => escapeHtml(name)).join(', ')}</p>`;

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * The mailbox shows reset links and codes, so only someone at the machine itself may read it:
 * the connection must come from a loopback address and must not have passed through a proxy
 * (a proxy on the same machine would make every visitor look local).
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded ?? request.headers['x-real-ip'];
  return forwarded === undefined && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/**
 * /dev/mailbox: the e-mail the portal "sent" while it runs on the default outbox, for trying
 * sign-up and password recovery without a mail server. Registered only in that mode, never in
 * production (where SMTP_URL is required), and answering only requests from this machine;
 * anyone else gets the same 404 as for an address that does not exist.
 */
export const mailboxRoutes: FastifyPluginAsync<{ outboxDir: string; productName: string }> = async (app, options) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!fromThisMachine(request)) return sendError(reply, 404, { message: ERROR_MESSAGES.notFound });
  });
  // A tool for trying the portal, not part of the API: left out of its description.
  const hidden = { schema: { hide: true } };
  app.get('/dev/mailbox/messages', hidden, async () => ({ data: await readOutbox(options.outboxDir) }));

  app.get('/dev/mailbox', hidden, async (request, reply) => {
    const messages = await readOutbox(options.outboxDir);
    const items = messages.map(
      (message) => `<li><details><summary><strong>${escapeHtml(message.subject)}</strong> to ${escapeHtml(message.to)}
        <small>${escapeHtml(message.date)}</small></summary><pre>${linkify(message.text)}</pre>${attachmentsOf(message)}</details></li>`,
    );
    const body = messages.length === 0 ? '<p>No e-mail yet.</p>' : `<ol reversed>${items.join('\n')}</ol>`;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox — ${escapeHtml(options.productName)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem">
<h1>Mailbox</h1>
<p>E-mail written to the local outbox (${escapeHtml(options.outboxDir)}), newest first. Set SMTP_URL to send real e-mail.</p>
${body}
</body></html>`);
  });
};
