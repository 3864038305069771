import { SimpleGrid } from '@mantine/core';
import { IconCreditCard, IconReceipt } from '@tabler/icons-react';
import { EmptyPanel } from '@/components/panel';

export function BalancePage() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <EmptyPanel
        title="Payment methods"
        icon={<IconCreditCard aria-hidden />}
        message="No card attached"
        description="Adding a card is coming soon."
      />
      <EmptyPanel title="Payment activity" icon={<IconReceipt aria-hidden />} message="No payments to display" />
    </SimpleGrid>
  );
}
