import { describe, expect, it } from 'vitest';
import { pageTitleFromPath } from './page-title';

describe('pageTitleFromPath', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/my-account', 'My account'],
    ['/admin/my-account', 'My account'],
    ['/admin/view-campaign/42', 'View campaign'],
    ['/admin/view-campaign/3f2b8c1e-1d2a-4b7e-9c1a-0123456789ab', 'View campaign'],
    ['/campaigns/new', 'New campaign'],
    ['/campaigns/', 'Campaigns'],
    ['/admin/users', 'Users'],
    ['/checkout/q3Xb_9-kLm2PzT8rVw0aYc4dEf6gHi1J', 'Checkout'],
    ['/', ''],
  ])('%s reads "%s"', (path, title) => {
    expect(pageTitleFromPath(path)).toBe(title);
  });
});
