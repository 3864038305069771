import {
  flightHasStarted,
  flightProblems,
  flightStateOn,
  todayIn,
  type FlightDates,
  type FlightState,
} from '@portal/contract';
import type { CampaignRow } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';

/**
 * A duplicate's flight: the original's dates that are still ahead on today, so the copy passes the
 * rules of a new campaign (docs/product/campaigns.md, Flight dates).
 */
export function copiedFlight(row: Pick<CampaignRow, 'startDate' | 'endDate'>, timeZone: string, now: Date) {
  const today = todayIn(timeZone, now);
  const startDate = row.startDate && row.startDate >= today ? row.startDate : null;
  const endDate = row.endDate && row.endDate >= (startDate ?? today) ? row.endDate : null;
  const flightState: FlightState = flightStateOn({ start_date: startDate, end_date: endDate }, today);
  return { startDate, endDate, flightState };
}

/** A campaign's flight as the contract's rules read it. */
const flightOf = (row: Pick<CampaignRow, 'startDate' | 'endDate'>): FlightDates => ({
  start_date: row.startDate,
  end_date: row.endDate,
});

const hasStarted = (row: Pick<CampaignRow, 'approvalStatus' | 'flightState'>): boolean =>
  flightHasStarted({ approval_status: row.approvalStatus, flight_state: row.flightState });

/**
 * Checks new flight dates on today in the account's zone (docs/product/campaigns.md, Flight dates)
 * and answers the flight state they give; 422 with a message per field otherwise.
 */
export function checkedFlight(
  dates: FlightDates,
  timeZone: string,
  now: Date,
  saved?: Pick<CampaignRow, 'startDate' | 'endDate' | 'approvalStatus' | 'flightState'>,
): FlightState {
  const today = todayIn(timeZone, now);
  const problems = flightProblems(dates, today, saved && { ...flightOf(saved), started: hasStarted(saved) });
  if (problems.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const { field, message } of problems) (errors[field] ??= []).push(message);
    throw new HttpError(422, problems[0]!.message, { errors });
  }
  return flightStateOn(dates, today);
}
