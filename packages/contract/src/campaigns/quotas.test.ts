import { describe, expect, it } from 'vitest';
import { duplicateCampaignsRequestSchema } from './campaign.schemas';
import { CUSTOMER_QUOTAS, formatBytes, QUOTA_MESSAGES } from './quotas';

describe('quota messages', () => {
  it('write sizes as the media limits do, in powers of 1024', () => {
    expect(formatBytes(0)).toBe('0 MB');
    expect(formatBytes(20 * 1024 ** 2)).toBe('20 MB');
    expect(formatBytes(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(QUOTA_MESSAGES.storedBytes(2 * 1024 ** 3)).toBe(
      'Storage quota reached: at most 50 GB of media files, 2 GB left. Remove files you no longer need.',
    );
  });

  it('take at most 10 campaigns in one Duplicate request', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(duplicateCampaignsRequestSchema.safeParse({ campaign_ids: ids(10) }).success).toBe(true);
    const refused = duplicateCampaignsRequestSchema.safeParse({
      campaign_ids: ids(CUSTOMER_QUOTAS.duplicatesPerRequest + 1),
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([QUOTA_MESSAGES.duplicatesPerRequest]);
  });
});
