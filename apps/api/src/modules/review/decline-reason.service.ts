import {
  DECLINE_REASON_LIMITS,
  DECLINE_REASON_MESSAGES,
  type DeclineCounts,
  type DeclineReason,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { DeclineReasonRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { AdminPrincipal } from '../../lib/principal';
import type { AuditRepository } from '../audit';
import type { DeclineReasonRepository } from './decline-reason.repository';

/** The reasons and the decisions' audit rows, where the declines are counted. */
export interface DeclineReasonRepositories {
  declineReasons: DeclineReasonRepository;
  audit: AuditRepository;
}

/** How declines recorded before reasons had codes are named in the counts. */
const FREE_TEXT_ROW = 'Other (free text, before reason codes)';

const toDeclineReason = (row: DeclineReasonRow): DeclineReason => ({
  code: row.code,
  text: row.text,
  retired_at: row.retiredAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** The months counted, oldest first, ending with the month of `now` (UTC). */
function countedMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = DECLINE_REASON_LIMITS.countMonths - 1; back >= 0; back -= 1) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(day.toISOString().slice(0, 7));
  }
  return months;
}

/**
 * The administrators' list of decline reasons (docs/product/review.md, Decline reasons): added,
 * renamed, retired and brought back, each change in the audit trail; and the declines per
 * reason and month.
 */
export class DeclineReasonService {
  constructor(private readonly options: { data: DataAccess<DeclineReasonRepositories>; clock: Clock }) {}

  async list(): Promise<DeclineReason[]> {
    return (await this.options.data.repos.declineReasons.all()).map(toDeclineReason);
  }

  async create(admin: AdminPrincipal, values: { code: string; text: string }): Promise<DeclineReason> {
    const { data, clock } = this.options;
    return data.withTransaction(async (repos) => {
      await repos.declineReasons.lockAdditions();
      if ((await repos.declineReasons.count()) >= DECLINE_REASON_LIMITS.maxReasons) {
        throw new HttpError(409, DECLINE_REASON_MESSAGES.tooMany);
      }
      const now = clock.now();
      const row = await repos.declineReasons.insert(values.code, values.text, now);
      if (!row) throw fieldError(409, 'code', DECLINE_REASON_MESSAGES.codeTaken);
      await this.record(repos, admin, 'decline_reason.added', null, { code: row.code, text: row.text }, now);
      return toDeclineReason(row);
    });
  }

  async update(
    admin: AdminPrincipal,
    code: string,
    changes: { text?: string; retired?: boolean },
  ): Promise<DeclineReason> {
    const { data, clock } = this.options;
    return data.withTransaction(async (repos) => {
      const before = await repos.declineReasons.find(code);
      if (!before) throw notFound(DECLINE_REASON_MESSAGES.notFound);
      const now = clock.now();
      const row = (await repos.declineReasons.update(code, changes, now))!;
      const state = (reason: DeclineReasonRow) => ({ code, text: reason.text, retired: reason.retiredAt !== null });
      await this.record(repos, admin, 'decline_reason.changed', state(before), state(row), now);
      return toDeclineReason(row);
    });
  }

  /** Declines per reason in each counted month; every reason is listed, and free-text declines when there were any. */
  async counts(): Promise<DeclineCounts> {
    const { repos } = this.options.data;
    const months = countedMonths(this.options.clock.now());
    const since = new Date(`${months[0]}-01T00:00:00.000Z`);
    const [reasons, rows] = await Promise.all([repos.declineReasons.all(), repos.audit.declineCounts(since)]);
    const line = (code: string | null, text: string, retired: boolean) => {
      const counts = months.map((month) => rows.find((row) => row.code === code && row.month === month)?.count ?? 0);
      return { code, text, retired, counts, total: counts.reduce((sum, value) => sum + value, 0) };
    };
    const data = reasons.map((reason) => line(reason.code, reason.text, reason.retiredAt !== null));
    if (rows.some((row) => row.code === null)) data.push(line(null, FREE_TEXT_ROW, false));
    return { months, data };
  }

  /** Changes to the reasons are administrators' actions, so they are in the audit trail too (about the administrator). */
  private async record(
    repos: DeclineReasonRepositories,
    admin: AdminPrincipal,
    action: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
    at: Date,
  ) {
    await repos.audit.record(
      { actorId: admin.userId, action, subject: { type: 'user', id: admin.userId }, before, after },
      at,
    );
  }
}
