import { Stack } from '@mantine/core';
import { BillingDetailsPanel } from '@/features/account/components/billing-details-panel';
import { CurrentBalancePanel } from '@/features/payments/components/current-balance-panel';
import { PaymentActivityPanel } from '@/features/payments/components/payment-activity-panel';
import { PaymentMethodsPanel } from '@/features/payments/components/payment-methods-panel';
import { StatementsPanel } from '@/features/payments/components/statements-panel';

/**
 * /balance (docs/product/payments.md, Balance page), in order: the payments feature's Current
 * Balance and Payment methods, the account feature's billing details with the button that
 * changes them, and the payments feature's Payment activity and Statements.
 */
export function BalancePage() {
  return (
    <Stack gap="lg">
      <CurrentBalancePanel />
      <PaymentMethodsPanel />
      <BillingDetailsPanel />
      <PaymentActivityPanel />
      <StatementsPanel />
    </Stack>
  );
}
