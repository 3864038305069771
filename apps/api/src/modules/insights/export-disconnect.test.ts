import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE } from '@portal/contract';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/database';
import { CampaignListQueries } from '../campaigns/campaign-lists';

/** 20 batches of 500: far more than a client that leaves after the first chunk could have caused. */
const CAMPAIGNS = 10_000;
const BATCHES = CAMPAIGNS / 500;

/** Calls `check` every 20 ms until it returns true, for up to `ms`; whether it did. */
async function eventually(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until;) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('a CSV export whose client leaves midway', () => {
  let t: TestApp, adminToken: string, address: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
    const customer = await t.createUser();
    const advertiserId = await t.advertiserOf(customer.id);
    await t.database.db.execute(sql`
      insert into campaigns (user_id, advertiser_id, name, objective, budget_type, budget_amount, keywords,
                             approval_status, created_at, updated_at)
      select ${customer.id}, ${advertiserId}, 'Campaign ' || n, 'Brand awareness', 'lifetime', 100, array['shoes'],
             'approved', timestamptz '2026-11-01' - n * interval '1 minute', now()
      from generate_series(1, ${CAMPAIGNS}) as n`);
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(() => t.close());

  it('stops reading batches and gives the connection back once the client has gone', async () => {
    // Each batch the export reads, counted as it arrives; `finished` once the loop has ended.
    let batches = 0;
    let finished = false;
    const read = CampaignListQueries.prototype.analyticsBatches;
    const spy = vi.spyOn(CampaignListQueries.prototype, 'analyticsBatches').mockImplementation(async function* (
      this: CampaignListQueries,
      ...args
    ) {
      try {
        for await (const batch of read.apply(this, args)) {
          batches += 1;
          yield batch;
        }
      } finally {
        finished = true;
      }
    });
    try {
      // The first chunk of the file, then the connection is dropped.
      const firstChunk = await new Promise<Buffer>((resolve, reject) => {
        const request = http.get(
          `${address}/api/all-campaigns-analytics/export`,
          { headers: { authorization: `Bearer ${adminToken}` }, agent: false },
          (response) => {
            expect(response.statusCode).toBe(200);
            response.once('data', (chunk: Buffer) => {
              request.destroy();
              resolve(chunk);
            });
          },
        );
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
      });
      expect(firstChunk.toString()).toMatch(/^id,campaign_name,/);

      // The loop ends (the batch under way, if any, is the last) well before it has read them all.
      expect(await eventually(() => finished, 10_000)).toBe(true);
      const readThen = batches;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(batches).toBe(readThen);
      expect(batches).toBeLessThan(BATCHES);

      // PostgreSQL: every pooled connection is idle again and none runs a query.
      const { connections } = t.database;
      if (connections) {
        const settled = await eventually(async () => {
          const { open, idle, waiting } = connections();
          // This check's own query takes a connection while it runs; the counts come before it.
          if (idle !== open || waiting !== 0) return false;
          const [row] = await queryRows<{ running: number }>(
            t.database.db,
            sql`select count(*)::int as running from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and state = 'active'`,
          );
          return row?.running === 0;
        }, 5000);
        expect(settled).toBe(true);
      }
    } finally {
      spy.mockRestore();
    }
  }, 120_000);
});
