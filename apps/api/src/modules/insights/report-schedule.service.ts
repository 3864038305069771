import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  addCalendarDays,
  currentReportPeriod,
  lastReportPeriod,
  MAX_REPORT_SCHEDULES,
  REPORT_SCHEDULE_MESSAGES,
  REPORT_UNSUBSCRIBE_PAGE,
  roleAllows,
  type ReportSchedule,
  type ReportScheduleRequest,
} from '@portal/contract';
import type { ReportScheduleRow } from '../../db/schema';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/http-errors';
import type { JobDefinition } from '../../lib/job-runner';
import type { AdvertiserPrincipal } from '../../lib/principal';
import type { CampaignRepository } from '../campaigns';
import type { Mailer, MailRepository } from '../mail';
import { SCHEDULED_REPORT_TEMPLATE, type ScheduledReportParams } from './report-mail';
import type { ReportScheduleRepository, ScheduleToSend } from './report-schedule.repository';

export interface ReportScheduleRepositories {
  reportSchedules: ReportScheduleRepository;
  campaigns: CampaignRepository;
  mail: MailRepository;
}

export const REPORT_SCHEDULE_JOB = 'insights.scheduled_reports';

/** Every 10 minutes, in one process at a time; the (schedule, period) row keeps it once even without the job's lock. */
export const reportScheduleJobs = (service: ReportScheduleService): JobDefinition[] => [
  { name: REPORT_SCHEDULE_JOB, everyMs: 10 * 60_000, run: () => service.sendDue() },
];

interface ReportScheduleOptions {
  data: DataAccess<ReportScheduleRepositories>;
  clock: Clock;
  mailer: Mailer;
  publicOrigin: string;
  /** The server's secret that signs the unsubscribe links (LINK_SIGNING_SECRET). */
  linkSecret: string;
}

/**
 * Scheduled reports (docs/product/insights.md, Scheduled reports; decision 036): each user's
 * schedules in an account, the job that sends each schedule's report once per period, and the
 * signed unsubscribe link.
 */
export class ReportScheduleService {
  constructor(private readonly options: ReportScheduleOptions) {}

  private answer(row: ReportScheduleRow, timeZone: string): ReportSchedule {
    const now = this.options.clock.now();
    return {
      id: row.id,
      frequency: row.frequency,
      campaign_ids: row.campaignIds,
      next_send_on: addCalendarDays(currentReportPeriod(row.frequency, now, timeZone).to, 1),
      created_at: row.createdAt.toISOString(),
    };
  }

  async list(principal: AdvertiserPrincipal): Promise<ReportSchedule[]> {
    const { id, timeZone } = principal.advertiser;
    const rows = await this.options.data.repos.reportSchedules.listOf(principal.userId, id);
    return rows.map((row) => this.answer(row, timeZone));
  }

  /** Chosen campaigns must be on the account's analytics page (approved, not deleted). */
  private async checkCampaigns(principal: AdvertiserPrincipal, campaignIds: number[] | null): Promise<number[] | null> {
    if (!campaignIds) return null;
    const unique = [...new Set(campaignIds)];
    const found = await this.options.data.repos.campaigns.analyticsCampaigns(
      { advertiserId: principal.advertiser.id },
      unique,
    );
    if (found.length !== unique.length) throw fieldError(422, 'campaign_ids', REPORT_SCHEDULE_MESSAGES.unknownCampaign);
    return unique;
  }

  async create(principal: AdvertiserPrincipal, request: ReportScheduleRequest): Promise<ReportSchedule> {
    const campaignIds = await this.checkCampaigns(principal, request.campaign_ids);
    const now = this.options.clock.now();
    const row = await this.options.data.withTransaction(async (repos) => {
      await repos.reportSchedules.lockCreations(principal.userId);
      if ((await repos.reportSchedules.countOfUser(principal.userId)) >= MAX_REPORT_SCHEDULES) {
        throw new HttpError(409, REPORT_SCHEDULE_MESSAGES.tooMany);
      }
      return repos.reportSchedules.insert({
        userId: principal.userId,
        advertiserId: principal.advertiser.id,
        frequency: request.frequency,
        campaignIds,
        createdAt: now,
        updatedAt: now,
      });
    });
    return this.answer(row, principal.advertiser.timeZone);
  }

  async update(principal: AdvertiserPrincipal, id: number, request: ReportScheduleRequest): Promise<ReportSchedule> {
    const campaignIds = await this.checkCampaigns(principal, request.campaign_ids);
    const row = await this.options.data.repos.reportSchedules.update(
      id,
      { userId: principal.userId, advertiserId: principal.advertiser.id },
      { frequency: request.frequency, campaignIds, updatedAt: this.options.clock.now() },
    );
    if (!row) throw notFound(REPORT_SCHEDULE_MESSAGES.notFound);
    return this.answer(row, principal.advertiser.timeZone);
  }

  async delete(principal: AdvertiserPrincipal, id: number): Promise<void> {
    const owner = { userId: principal.userId, advertiserId: principal.advertiser.id };
    if (!(await this.options.data.repos.reportSchedules.delete(id, owner))) {
      throw notFound(REPORT_SCHEDULE_MESSAGES.notFound);
    }
  }

  /** The signature of a schedule's unsubscribe link: HMAC-SHA256 of the server's secret. */
  signature(scheduleId: number): string {
    return createHmac('sha256', this.options.linkSecret).update(`report-schedule:${scheduleId}`).digest('base64url');
  }

  /**
   * Unsubscribes with the e-mail's link, without signing in: a link whose signature does not
   * match is refused (403); one whose schedule is gone says so.
   */
  async unsubscribe(schedule: string, signature: string): Promise<string> {
    const id = /^[1-9]\d{0,9}$/.test(schedule) ? Number(schedule) : 0;
    const expected = Buffer.from(this.signature(id));
    const given = Buffer.from(signature);
    if (id === 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw forbidden(REPORT_SCHEDULE_MESSAGES.badSignature);
    }
    const deleted = await this.options.data.repos.reportSchedules.delete(id);
    return deleted ? REPORT_SCHEDULE_MESSAGES.unsubscribed : REPORT_SCHEDULE_MESSAGES.alreadyUnsubscribed;
  }

  /**
   * Sends each schedule's report of its last whole period, once: the (schedule, period) row is
   * claimed in the transaction that queues the e-mail, so two processes running this at once
   * send it once. A schedule made after its period ended waits for the next one; one whose
   * person left the account, was suspended, or whose account is suspended sends nothing.
   */
  async sendDue(): Promise<number> {
    const now = this.options.clock.now();
    let sent = 0;
    for (const due of await this.options.data.repos.reportSchedules.allToSend()) {
      if (!due.userActive || due.suspended || !due.role || !roleAllows(due.role, 'campaigns.view')) continue;
      const period = lastReportPeriod(due.schedule.frequency, now, due.timeZone);
      if (due.schedule.createdAt >= period.endsAt) continue;
      if (await this.options.data.repos.reportSchedules.delivered(due.schedule.id, period.from)) continue;
      const queued = await this.options.data.withTransaction(async (repos) => {
        if (!(await repos.reportSchedules.claimDelivery(due.schedule.id, period.from, now))) return false;
        await this.options.mailer.queue(repos, due.email, {
          template: SCHEDULED_REPORT_TEMPLATE,
          params: this.params(due, period),
        });
        return true;
      });
      if (queued) sent++;
    }
    return sent;
  }

  private params(due: ScheduleToSend, period: ReturnType<typeof lastReportPeriod>): ScheduledReportParams {
    const { id } = due.schedule;
    const query = `schedule=${id}&signature=${this.signature(id)}`;
    return {
      frequency: due.schedule.frequency,
      accountName: due.accountName,
      advertiserId: String(due.schedule.advertiserId),
      campaignIds: due.schedule.campaignIds?.join(',') ?? '',
      from: period.from,
      to: period.to,
      previousFrom: period.previousFrom,
      previousTo: period.previousTo,
      unsubscribeUrl: `${this.options.publicOrigin}${REPORT_UNSUBSCRIBE_PAGE}?${query}`,
      oneClickUrl: `${this.options.publicOrigin}/api/report-schedules/unsubscribe?${query}`,
    };
  }
}
