import { Group } from '@mantine/core';
import { DAY_RANGE_MESSAGES, daysOutOfOrder, isDay } from '@portal/contract';
import { useState } from 'react';
import { DayField } from '@/components/day-field';

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
      <DayField label="From" value={typed.from ?? ''} error={error?.from} onChange={(day) => type('from', day)} />
      <DayField label="To" value={typed.to ?? ''} error={error?.to} onChange={(day) => type('to', day)} />
    </Group>
  );
}
