import { describe, expect, it } from 'vitest';
import { entryCosts } from './costs';

describe('cost per click and per lead', () => {
  it("works both out from a campaign's current entry", () => {
    expect(entryCosts({ amount_spent: 120, link_clicks: 48, lead_generated: 0 })).toEqual({
      costPerClick: 2.5,
      costPerLead: null,
    });
    expect(entryCosts({ amount_spent: 90.5, link_clicks: 0, lead_generated: 4 })).toEqual({
      costPerClick: null,
      costPerLead: 22.63,
    });
    // Half a cent rounds up, even where dividing the dollars gives 0.57499… in floating point.
    expect(entryCosts({ amount_spent: 1.15, link_clicks: 2, lead_generated: 0 }).costPerClick).toBe(0.58);
  });
});
