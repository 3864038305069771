import { Button, SimpleGrid } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { countryName } from '@portal/contract';
import { useState } from 'react';
import { Fact } from '@/components/fact';
import { EmptyMessage, Panel } from '@/components/panel';
import { useSession } from '@/stores/session-store';
import { EditBillingModal } from './edit-billing-modal';

const ACCOUNT_TYPES = { company: 'Company', individual: 'Individual' } as const;

/**
 * The billing details as they are stored, with the button that changes them in the billing
 * dialog (docs/product/accounts.md, Billing details: "changed from My account or Balance").
 */
export function BillingDetailsPanel() {
  const billing = useSession((s) => s.billingInfo);
  const [editing, setEditing] = useState(false);
  return (
    <Panel
      title="Billing details"
      actions={
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileInvoice size={16} aria-hidden />}
          onClick={() => setEditing(true)}
        >
          Change billing details
        </Button>
      }
    >
      {billing ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
          <Fact label="Account type">{ACCOUNT_TYPES[billing.accountType]}</Fact>
          {billing.accountType === 'company' && (
            <>
              <Fact label="Business name">{billing.business_name}</Fact>
              <Fact label="Tax ID">{billing.tax_id}</Fact>
              <Fact label="Currency">{billing.currency?.toUpperCase()}</Fact>
            </>
          )}
          <Fact label="Address">{billing.address}</Fact>
          <Fact label="City">{billing.city}</Fact>
          <Fact label="State">{billing.state}</Fact>
          <Fact label="Postal code">{billing.postal_code}</Fact>
          <Fact label="Country">{countryName(billing.country)}</Fact>
        </SimpleGrid>
      ) : (
        <EmptyMessage icon={<IconFileInvoice aria-hidden />} title="No billing details yet" />
      )}
      <EditBillingModal opened={editing} onClose={() => setEditing(false)} />
    </Panel>
  );
}
