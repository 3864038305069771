import {
  ALERT_MESSAGES,
  ALERTS,
  alertKindsFor,
  FIGURES_MISSING_AFTER_MS,
  FLIGHT_ENDING_NOTICE_MS,
  isAdminRole,
  PERIOD_ENDING_NOTICE_MS,
  type AlertKind,
  type AlertPreference,
} from '@portal/contract';
import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import { fieldError } from '../../lib/http-errors';
import type { JobDefinition } from '../../lib/job-runner';
import type { Principal } from '../../lib/principal';
import type { DueAlert } from './alert.repository';
import type { AlertSettingsRepository } from './alert-settings.repository';
import { raiseAlert, type AlertRaisingRepositories } from './alert-raising';

export interface AlertRepositories extends AlertRaisingRepositories {
  alertSettings: AlertSettingsRepository;
}

/** Jobs of this module: the alerts that follow from time passing (docs/product/alerts.md). */
export const ALERT_JOBS = {
  periodEnding: 'alerts.period_ending',
  flightEnding: 'alerts.flight_ending',
  figuresMissing: 'alerts.figures_missing',
} as const;

export const alertJobs = (alerts: AlertService): JobDefinition[] => [
  { name: ALERT_JOBS.periodEnding, everyMs: 60_000, run: () => alerts.raisePeriodEndingAlerts() },
  { name: ALERT_JOBS.flightEnding, everyMs: 10 * 60_000, run: () => alerts.raiseFlightEndingAlerts() },
  { name: ALERT_JOBS.figuresMissing, everyMs: 10 * 60_000, run: () => alerts.raiseFiguresMissingAlerts() },
];

/**
 * Alerts (docs/product/alerts.md): the ones time raises, as jobs, and which of them each person
 * also gets by e-mail. The budget alerts are raised where figures are saved (`raiseBudgetAlerts`).
 */
export class AlertService {
  constructor(private readonly options: { data: DataAccess<AlertRepositories>; clock: Clock }) {}

  /** Tells of each paid week of a daily campaign that ends within 2 days, once a week. */
  raisePeriodEndingAlerts(): Promise<number> {
    return this.raiseDue('period_ending', (repos, now) =>
      repos.alerts.periodsEnding(now, new Date(now.getTime() + PERIOD_ENDING_NOTICE_MS)),
    );
  }

  /** Tells of each campaign whose flight ends within 3 days, once per end date (moving it re-arms). */
  raiseFlightEndingAlerts(): Promise<number> {
    return this.raiseDue(
      'flight_ending',
      (repos, now) => repos.alerts.flightsEnding(now, new Date(now.getTime() + FLIGHT_ENDING_NOTICE_MS)),
      (key) => ({ day: key }),
    );
  }

  /** Tells administrators of each running campaign without figures for 3 days, once a stretch. */
  raiseFiguresMissingAlerts(): Promise<number> {
    return this.raiseDue('figures_missing', (repos, now) =>
      repos.alerts.figuresMissingSince(new Date(now.getTime() - FIGURES_MISSING_AFTER_MS)),
    );
  }

  /** Raises `kind` for every campaign `find` says it is due for, in one transaction; how many were raised. */
  private async raiseDue(
    kind: AlertKind,
    find: (repos: AlertRepositories, now: Date) => Promise<DueAlert[]>,
    // The keys of the timed alerts are the instant their text names (the week's end, the
    // stretch's start); the flight's is its last day.
    detailsOf: (key: string) => { time?: string; day?: string } = (key) => ({ time: key }),
  ): Promise<number> {
    const { data, clock } = this.options;
    const now = clock.now();
    return data.withTransaction(async (repos) => {
      let raised = 0;
      for (const { campaignId, key } of await find(repos, now)) {
        if (await raiseAlert(repos, { campaignId, kind, key }, detailsOf(key), now)) raised += 1;
      }
      return raised;
    });
  }

  /** The alerts sent to the caller's role, each with whether it is e-mailed too (on until turned off). */
  async preferences(principal: Principal): Promise<AlertPreference[]> {
    const chosen = await this.options.data.repos.alertSettings.ofUser(principal.userId);
    return alertKindsFor(isAdminRole(principal.roleId)).map((kind) => ({
      kind,
      title: ALERTS[kind].title,
      description: ALERTS[kind].description,
      email: chosen.get(kind) ?? true,
    }));
  }

  /** Turns one alert's e-mail on or off for the caller; answers all of the caller's alerts. */
  async setEmail(principal: Principal, kind: AlertKind, email: boolean): Promise<AlertPreference[]> {
    if (!alertKindsFor(isAdminRole(principal.roleId)).includes(kind)) {
      throw fieldError(422, 'kind', ALERT_MESSAGES.notYours);
    }
    await this.options.data.repos.alertSettings.setEmail(principal.userId, kind, email, this.options.clock.now());
    return this.preferences(principal);
  }
}
