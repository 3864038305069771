import { FIGURES, type PaymentActivity, type StatisticsEntry } from '@portal/contract';

/** A statistics entry as the server answers it: every figure 100, $120.50 spent, one posting date. */
export function statisticsEntry(): StatisticsEntry {
  const figures = Object.fromEntries(FIGURES.map((figure) => [figure.key, 100]));
  return {
    ...(figures as Omit<StatisticsEntry, 'id' | 'created_at' | 'date_paid' | 'dates'>),
    id: 3,
    created_at: '2026-11-20T00:00:00.000Z',
    date_paid: '2026-11-02T00:00:00.000Z',
    amount_spent: 120.5,
    link_clicks: 0,
    lead_generated: 0,
    dates: ['2026-11-18T10:30:00.000Z'],
  };
}

/** A sandbox payment of Winter boots' week, as the checkout's Pay answers it. */
export function paymentActivity(): PaymentActivity {
  return {
    id: 12,
    transaction_id: 'pi_sbx_12',
    created_at: '2026-11-24T10:00:00.000Z',
    status: 'succeeded',
    amount: 175,
    refunded: 0,
    payment_method: 'Visa •••• 4242',
    campaign_id: 9,
    campaign_name: 'Winter boots',
    receipt_url: '/receipts/12',
  };
}
