import { describe, expect, it } from 'vitest';
import { costPer, entryCosts } from './costs';

describe('cost per click and per lead', () => {
  it('divides the amount spent and rounds to the cent', () => {
    expect(costPer(120, 48)).toBe(2.5);
    expect(costPer(100, 3)).toBe(33.33);
    expect(costPer(200, 3)).toBe(66.67);
    // Half a cent rounds up, even where dividing the dollars gives 0.57499… in floating point.
    expect(costPer(1.15, 2)).toBe(0.58);
    expect(costPer(0, 12)).toBe(0);
  });

  it('is null (shown as "—") when there is nothing to divide by', () => {
    expect(costPer(120, 0)).toBeNull();
    expect(costPer(0, 0)).toBeNull();
  });

  it("works both out from a campaign's current entry", () => {
    expect(entryCosts({ amount_spent: 120, link_clicks: 48, lead_generated: 0 })).toEqual({
      costPerClick: 2.5,
      costPerLead: null,
    });
    expect(entryCosts({ amount_spent: 90.5, link_clicks: 0, lead_generated: 4 })).toEqual({
      costPerClick: null,
      costPerLead: 22.63,
    });
  });
});
