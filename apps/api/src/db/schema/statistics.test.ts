import { FIGURES } from '@portal/contract';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignStatistics, figureColumn } from './statistics';

describe('figureColumn', () => {
  it("finds every figure of the contract's list among an entry's columns", () => {
    const columns = getTableColumns(campaignStatistics);
    for (const figure of FIGURES) expect(columns).toHaveProperty(figureColumn(figure));
    expect(figureColumn(FIGURES[0]!)).toBe('amountSpentCents');
  });
});
