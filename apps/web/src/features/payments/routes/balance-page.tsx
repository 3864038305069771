import { SimpleGrid } from '@mantine/core';
import { IconCreditCard, IconReceipt } from '@tabler/icons-react';
import { EmptyMessage, Panel } from '@/components/panel';

export function BalancePage() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Panel title="Payment methods">
        <EmptyMessage
          icon={<IconCreditCard aria-hidden />}
          title="No card attached"
          description="Adding a card is coming soon."
        />
      </Panel>
      <Panel title="Payment activity">
        <EmptyMessage icon={<IconReceipt aria-hidden />} title="No payments to display" />
      </Panel>
    </SimpleGrid>
  );
}
