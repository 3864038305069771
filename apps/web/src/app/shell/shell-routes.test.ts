import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { createRoutes } from '../router';
import { portalPagesPattern } from './shell-routes';

describe('portalPagesPattern', () => {
  const routes = createRoutes(createQueryClient());
  const customer = new RegExp(portalPagesPattern(routes, 'customer'));
  const admin = new RegExp(portalPagesPattern(routes, 'admin'));

  it.each(['/dashboard', '/dashboard/', '/campaigns/new', '/checkout/tok-123', '/my-account', '/notifications'])(
    "puts the customer page %s in the customer's frame",
    (path) => expect(customer.test(path)).toBe(true),
  );

  it.each(['/', '/signup', '/receipts/4', '/admin/dashboard', '/dashboards', '/checkout/a/b'])(
    "leaves %s out of the customer's frame",
    (path) => expect(customer.test(path)).toBe(false),
  );

  it("reads the administrators' pages, with their ids, from the same tree", () => {
    expect(admin.test('/admin/dashboard')).toBe(true);
    expect(admin.test('/admin/view-campaign/42')).toBe(true);
    expect(admin.test('/admin/login')).toBe(false);
    expect(admin.test('/dashboard')).toBe(false);
  });

  it('fails loudly when the tree has no such guard', () => {
    expect(() => portalPagesPattern([{ path: '/' }], 'customer')).toThrow(/no customer pages/);
  });
});
