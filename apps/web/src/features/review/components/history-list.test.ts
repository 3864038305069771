import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@portal/contract';
import { describeHistory } from './history-list';

const entry = (
  action: string,
  after: Record<string, unknown> | null = null,
  before: Record<string, unknown> | null = null,
): HistoryEntry => ({
  id: 1,
  action,
  actor: { id: 7, name: 'Ada Admin' },
  before,
  after,
  campaign: null,
  created_at: '2026-11-23T10:00:00.000Z',
});

describe('describeHistory', () => {
  it('says who did what, with the reason of a decline', () => {
    expect(describeHistory(entry('campaign.submitted', { reason: 'resubmitted' }))).toEqual({
      title: 'Resubmitted for review by Ada Admin',
    });
    expect(describeHistory(entry('campaign.approved'))).toEqual({ title: 'Approved by Ada Admin' });
    expect(describeHistory(entry('campaign.declined', { reason: 'Too dark' }))).toEqual({
      title: 'Declined by Ada Admin',
      detail: 'Reason: Too dark',
    });
    expect(describeHistory(entry('campaign.declined', { reason: null })).detail).toBe('No reason given');
  });

  it('lists the fields an edit changed, and what a ban switched off', () => {
    expect(describeHistory(entry('campaign.edited', { campaign_name: 'New' }, { campaign_name: 'Old' })).detail).toBe(
      'name: "Old" → "New"',
    );
    // A trusted account's edit of texts and keywords, which kept the campaign approved.
    expect(
      describeHistory(
        entry(
          'campaign.edited_trusted',
          { ad_title: 'New', keywords: ['a', 'b'] },
          { ad_title: 'Old', keywords: ['a'] },
        ),
      ),
    ).toEqual({
      title: 'Edited by Ada Admin, kept approved (trusted advertiser)',
      detail: 'primary text: "Old" → "New"; keywords: "a" → "a, b"',
    });
    expect(describeHistory(entry('user.banned', { status: false, campaigns_switched_off: [3, 4] }))).toEqual({
      title: 'Banned by Ada Admin',
      detail: '2 campaigns switched off',
    });
    expect(describeHistory(entry('user.unbanned'))).toEqual({ title: 'Unbanned by Ada Admin' });
  });

  it('says when the customer archived and restored a campaign', () => {
    expect(describeHistory(entry('campaign.archived', null, { on_off: 'on', approval_status: 'approved' }))).toEqual({
      title: 'Archived by Ada Admin',
    });
    expect(describeHistory(entry('campaign.restored', { archived_at: null, on_off: 'off' }))).toEqual({
      title: 'Restored by Ada Admin',
      detail: 'Switched off',
    });
    expect(describeHistory(entry('campaign.submitted', { reason: 'restored' }))).toEqual({
      title: 'Sent back to review after a restore by Ada Admin',
    });
  });

  it('says what was paid, and what was refunded because its link had closed', () => {
    expect(describeHistory(entry('campaign.paid', { payment_status: 'paid', amount: '$1,753.50' }))).toEqual({
      title: 'Paid by Ada Admin',
      detail: '$1,753.50',
    });
    expect(
      describeHistory({
        ...entry('campaign.payment_refunded', { amount: '$90.00', link_status: 'cancelled' }),
        actor: null,
      }),
    ).toEqual({ title: 'Payment refunded', detail: '$90.00, paid after its payment link was cancelled' });
  });

  it('says what an administrator refunded and why, and a refund the provider refused', () => {
    expect(
      describeHistory(entry('payment.refunded', { amount: '$20.50', reason: 'Two days did not run', payment_id: 4 })),
    ).toEqual({ title: 'Refunded by Ada Admin', detail: '$20.50: Two days did not run' });
    expect(
      describeHistory(entry('payment.refund_failed', { amount: '$5.00', failure: 'This charge is disputed.' })),
    ).toEqual({
      title: 'Refund refused by the payment provider, asked by Ada Admin',
      detail: '$5.00: This charge is disputed.',
    });
  });

  it('names the portal by leaving the actor out, and shows unknown actions as they are', () => {
    expect(describeHistory({ ...entry('payment.recorded'), actor: null })).toEqual({ title: 'payment.recorded' });
  });
});
