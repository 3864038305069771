import { describe, expect, it } from 'vitest';
import { recentMonths } from './statement-months';

describe('recentMonths', () => {
  it("counts back from the account's month, across the year", () => {
    expect(recentMonths('2027-02-14', 4)).toEqual(['2027-02', '2027-01', '2026-12', '2026-11']);
    expect(recentMonths('2026-12-31', 1)).toEqual(['2026-12']);
  });
});
