import { Group, TextInput } from '@mantine/core';
import { DAY_RANGE_MESSAGES, daysOutOfOrder, isDay } from '@portal/contract';
import { useState } from 'react';

export interface DayFilter {
  from?: string;
  to?: string;
}

/** What is wrong with the days typed in, with the server's messages; null when they can be applied. */
function daysError({ from, to }: DayFilter): DayFilter | null {
  if (from && !isDay(from)) return { from: DAY_RANGE_MESSAGES.from };
  if (to && !isDay(to)) return { to: DAY_RANGE_MESSAGES.to };
  if (daysOutOfOrder({ from: from || undefined, to: to || undefined })) return { from: DAY_RANGE_MESSAGES.order };
  return null;
}

/**
 * The payments page's days: From and To, either or both (UTC days, both included). Days typed in
 * apply once they make a valid filter; the parent keys it by the applied days, so a filter
 * changed elsewhere (the address) starts the typing again from it.
 */
export function PaymentDaysFilter({ days, onChange }: { days: DayFilter; onChange: (days: DayFilter) => void }) {
  const [typed, setTyped] = useState<DayFilter>(days);
  const error = daysError(typed);

  const type = (field: keyof DayFilter, value: string) => {
    const next = { ...typed, [field]: value };
    setTyped(next);
    if (!daysError(next)) onChange(next);
  };

  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <TextInput
        type="date"
        label="From"
        value={typed.from ?? ''}
        error={error?.from}
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
        onChange={(event) => type('from', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="To"
        value={typed.to ?? ''}
        error={error?.to}
        w={{ base: 'calc(50% - 6px)', xs: 170 }}
        onChange={(event) => type('to', event.currentTarget.value)}
      />
    </Group>
  );
}
