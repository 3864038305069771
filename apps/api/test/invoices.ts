import { createRequire } from 'node:module';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DomainEventPayloads } from '../src/modules/events';
import { EventRepository } from '../src/modules/events/event.repository';
import { campaigns, paymentLinks } from '../src/db/schema';
import { insertCampaigns } from './campaigns';
import { bearer, type TestApp } from './test-app';

const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

// pdf.js draws the built-in fonts from these files; without them it warns on every page.
const require = createRequire(import.meta.url);
const STANDARD_FONTS = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * A PDF read back with pdf.js, as a reader would: each page's text, a line per row of the page
 * (pieces at the same height joined left to right, with a space between).
 */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: STANDARD_FONTS,
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, text: item.str }]);
    }
    const ordered = [...rows.entries()].sort(([a], [b]) => b - a);
    for (const [, pieces] of ordered)
      lines.push(
        pieces
          .sort((a, b) => a.x - b.x)
          .map((piece) => piece.text)
          .join(' '),
      );
  }
  await pdf.destroy();
  return lines;
}

/** The dollars of "$1,234.50" or "-$12.50". */
export const dollarsOf = (text: string): number => Number(text.replace(/[$,]/g, ''));

/** Records an event as a service would, in a transaction of its own, and hands it to the subscribers. */
export async function recordAndDispatch<T extends keyof DomainEventPayloads>(
  t: TestApp,
  type: T,
  payload: DomainEventPayloads[T],
): Promise<void> {
  await t.database.db.transaction((tx) =>
    new EventRepository(tx).record({ type, userId: null, payload }, t.clock.now()),
  );
  await t.app.events.dispatchPending();
}

/**
 * Approved campaigns written to the database, whose approval's event opened their links as the
 * payments module does (at the app's tax setting); answers their ids.
 */
export async function approvedCampaigns(
  t: TestApp,
  { adminId, userId }: { adminId: number; userId: number },
  rows: Partial<typeof campaigns.$inferInsert>[],
): Promise<number[]> {
  const ids = await insertCampaigns(
    t,
    userId,
    rows.map((row) => ({ onOff: 'on' as const, ...row })),
  );
  for (const campaignId of ids) {
    await recordAndDispatch(t, 'campaign.reviewed', { campaignId, adminId, decision: 'approved', reason: null });
  }
  return ids;
}

/** The token of a campaign's open link. */
export async function openLinkToken(t: TestApp, campaignId: number): Promise<string> {
  const [link] = await t.database.db
    .select({ token: paymentLinks.token, status: paymentLinks.status })
    .from(paymentLinks)
    .where(eq(paymentLinks.campaignId, campaignId));
  expect(link?.status).toBe('open');
  return link!.token;
}

/** Pays a campaign's open link in the sandbox; answers the payment's id. Its events wait unless `dispatch`. */
export async function payCampaign(t: TestApp, token: string, campaignId: number, { dispatch = true } = {}) {
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/checkout/${await openLinkToken(t, campaignId)}/pay`,
    headers: bearer(token),
    payload: GOOD_CARD,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  if (dispatch) await t.app.events.dispatchPending();
  return paid.json().data.id as number;
}

/** The campaign's row, for what a test set on it. */
export async function campaignRow(t: TestApp, id: number) {
  const [row] = await t.database.db.select().from(campaigns).where(eq(campaigns.id, id));
  return row!;
}
