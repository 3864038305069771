import { Box, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { dueBreakdown } from '@portal/contract';
import { useEffect } from 'react';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { Panel } from '@/components/panel';
import { formatUsd } from '@/lib/format';
import { notifyRequestError } from '@/lib/notify';
import { useBalance } from '../api/get-balance';
import { usePaymentMethods } from '../api/list-payment-methods';
import { AutoPaySwitch } from './auto-pay-switch';

/**
 * The Current Balance card (docs/product/payments.md, Total Amount Due): what the customer
 * owes, and each campaign due with its amount, how that amount is made ("7 days × $250.50"),
 * and a "Pay" button to its payment link, in a new tab; and the account's credit, when it has
 * some (docs/product/payments.md, Credit); and the switch of automatic payment.
 */
export function CurrentBalancePanel() {
  const balance = useBalance();
  const cards = usePaymentMethods();

  useEffect(() => {
    if (balance.error) notifyRequestError(balance.error, 'Something went wrong');
  }, [balance.error]);

  const loading = balance.data === undefined && !balance.isError;
  const due = balance.data?.campaigns_due ?? [];

  return (
    <Panel title="Current Balance">
      <Stack gap="md">
        <Box component="dl" m={0}>
          <Text component="dt" size="sm" c="dimmed">
            Total Amount Due
          </Text>
          <Text component="dd" m={0} fz={32} fw={700} lh={1.2} aria-busy={loading || undefined}>
            {loading ? <Skeleton h={36} w={160} mt={4} /> : formatUsd(balance.data?.total_amount_due ?? 0)}
          </Text>
          {(balance.data?.credit ?? 0) > 0 && (
            <>
              <Text component="dt" size="sm" c="dimmed" mt="sm">
                Credit
              </Text>
              <Text component="dd" m={0} fw={600}>
                {formatUsd(balance.data!.credit)}
                <Text component="span" size="sm" c="dimmed" fw={400} ml="xs">
                  Taken off your next payments.
                </Text>
              </Text>
            </>
          )}
        </Box>
        {due.length > 0 && (
          <Stack
            component="ul"
            gap="sm"
            aria-label="Campaigns due"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {due.map((campaign) => (
              <Group component="li" key={campaign.id} justify="space-between" gap="sm" wrap="nowrap">
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {campaign.campaign_name}
                </Text>
                <Group gap="sm" wrap="nowrap">
                  <div style={{ textAlign: 'right' }}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatUsd(campaign.amount)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {dueBreakdown(campaign)}
                    </Text>
                  </div>
                  <Button component="a" href={campaign.payment_link_url} {...NEW_TAB_PROPS} size="compact-sm">
                    Pay
                    <VisuallyHidden> for {campaign.campaign_name}</VisuallyHidden>
                    <NewTabHint />
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {balance.data && cards.data && (
          <AutoPaySwitch on={balance.data.auto_pay} hasDefaultCard={cards.data.some((card) => card.is_default)} />
        )}
      </Stack>
    </Panel>
  );
}
