import { Button, Group, Select, Text } from '@mantine/core';
import { INVOICE_PAGES, monthWords } from '@portal/contract';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { NEW_TAB_PROPS, NewTabHint } from '@/components/external-link';
import { Panel } from '@/components/panel';
import { useAccountDay } from '@/lib/membership';
import { recentMonths } from '../utils/statement-months';
import { StatementDownloads } from './statement-downloads';

/** How far back the month list goes: two years of statements. */
const MONTHS_OFFERED = 24;

/**
 * Statements on /balance (docs/product/payments.md, Statements): choose a month of the account's
 * calendar, then open its statement in a new tab or download it as a PDF or a CSV file.
 */
export function StatementsPanel() {
  const { today, timeZone } = useAccountDay();
  const months = useMemo(
    () => recentMonths(today, MONTHS_OFFERED).map((value) => ({ value, label: monthWords(value) })),
    [today],
  );
  const [month, setMonth] = useState(months[0]!.value);
  return (
    <Panel title="Statements">
      <Text size="sm" c="dimmed" mb="sm">
        Each month's invoices, payments, credit notes and refunds, in your account's time zone ({timeZone}).
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label="Month"
          data={months}
          value={month}
          onChange={(value) => value && setMonth(value)}
          allowDeselect={false}
          w={200}
        />
        <Button
          component="a"
          href={INVOICE_PAGES.statement.to(month)}
          {...NEW_TAB_PROPS}
          variant="default"
          leftSection={<IconFileInvoice size={16} aria-hidden />}
        >
          View statement
          <NewTabHint />
        </Button>
        <StatementDownloads month={month} />
      </Group>
    </Panel>
  );
}
