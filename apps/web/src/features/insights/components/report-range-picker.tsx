import { Group, Select } from '@mantine/core';
import { daysInRange, REPORT_LIMITS, REPORT_MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { DayField } from '@/components/day-field';
import { presetRange, RANGE_PRESETS, type DayRange, type RangePreset } from '../utils/report-range';

/** What is wrong with a range typed in, with the server's own messages; null when it is fine. */
function rangeError({ from, to }: DayRange): { from?: string; to?: string } | null {
  if (!from) return { from: REPORT_MESSAGES.from };
  if (!to) return { to: REPORT_MESSAGES.to };
  if (from > to) return { from: REPORT_MESSAGES.order };
  if (daysInRange(from, to) > REPORT_LIMITS.maxDays) return { to: REPORT_MESSAGES.tooLong };
  return null;
}

export interface ReportRangePickerProps {
  preset: RangePreset;
  range: DayRange;
  /** The earliest flight start of the chosen campaigns; Flight to date is offered only with some chosen. */
  flightStart?: string | null;
  onChange: (preset: RangePreset, range: DayRange) => void;
}

/**
 * The range of an analytics page's reports (docs/product/insights.md, Reports over dates): a
 * preset, and the two days it covers, which can be typed in (the preset then becomes Custom).
 * A typed range applies once it is a valid one. The parent keys it by the range, so the days
 * typed start again from a range chosen otherwise.
 */
export function ReportRangePicker({ preset, range, flightStart, onChange }: ReportRangePickerProps) {
  const [typed, setTyped] = useState(range);
  const error = rangeError(typed);
  const presets = RANGE_PRESETS.filter((option) => option.value !== 'flight_to_date' || flightStart !== undefined);

  const type = (field: keyof DayRange, value: string) => {
    const next = { ...typed, [field]: value };
    setTyped(next);
    if (!rangeError(next)) onChange('custom', next);
  };

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label="Dates"
        data={presets}
        // Flight to date reads as Custom once no campaign is chosen any more.
        value={presets.some((option) => option.value === preset) ? preset : 'custom'}
        allowDeselect={false}
        w={{ base: '100%', xs: 180 }}
        onChange={(value) => {
          if (!value) return;
          const chosen = value as RangePreset;
          onChange(chosen, presetRange(chosen, undefined, { current: range, flightStart }));
        }}
      />
      <DayField label="From" value={typed.from} error={error?.from} onChange={(day) => type('from', day)} />
      <DayField label="To" value={typed.to} error={error?.to} onChange={(day) => type('to', day)} />
    </Group>
  );
}
