import type { DataAccess } from '../../db/transactor';
import type { Clock } from '../../lib/clock';
import type { JobDefinition } from '../../lib/job-runner';
import type { EventRepository } from '../events';
import { campaignFactsOf } from './campaign-facts';
import type { CampaignRepository } from './campaign.repository';

export interface FlightRepositories {
  campaigns: CampaignRepository;
  events: EventRepository;
}

export const FLIGHT_JOB = 'campaigns.flights.advance';

/** Every minute, in one process at a time: a flight starts or ends within a minute of its midnight. */
export const flightJobs = (flights: FlightService): JobDefinition[] => [
  { name: FLIGHT_JOB, everyMs: 60_000, run: () => flights.advance() },
];

/** Campaigns start and end on their flight dates (docs/product/campaigns.md, Flight dates). */
export class FlightService {
  constructor(private readonly options: { data: DataAccess<FlightRepositories>; clock: Clock }) {}

  /**
   * Moves the flights whose day has come and tells the people of each approved campaign that
   * still runs (not archived) that it started or ended, in the same transaction, so a move is
   * told exactly once. Answers how many moved.
   */
  async advance(): Promise<number> {
    const { data, clock } = this.options;
    const now = clock.now();
    return data.withTransaction(async (repos) => {
      const moves = await repos.campaigns.advanceFlights(now);
      for (const move of moves) {
        if (move.approvalStatus !== 'approved' || move.offTheLists) continue;
        const view = await repos.campaigns.findView(move.id);
        if (!view) continue;
        await repos.events.record(
          {
            type: 'campaign.flight_moved',
            userId: null,
            payload: { campaignId: move.id, state: move.state, campaign: campaignFactsOf(view) },
          },
          now,
        );
      }
      return moves.length;
    });
  }
}
