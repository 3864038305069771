import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { FLIGHT_TEXTS, flightHasStarted, flightProblems, type Campaign } from '@portal/contract';
import { useState } from 'react';

/** The current account's time zone and the day it is there (`useAccountDay`). */
export interface AccountDay {
  timeZone: string;
  today: string;
}

interface FlightValues {
  /** 'YYYY-MM-DD', or '' for none. */
  start_date: string;
  end_date: string;
}

/**
 * A campaign's flight dates (docs/product/campaigns.md, Flight dates), in the wizard's first step
 * and in the Edit dialog: the browser's own date fields, which phones show as their date pickers.
 * `startFixed`: the campaign has started, so its start can no longer change.
 */
export function FlightDateFields({
  values,
  errors,
  accountDay,
  startFixed = false,
  onChange,
}: {
  values: FlightValues;
  errors: Partial<Record<keyof FlightValues, string>>;
  accountDay: AccountDay;
  startFixed?: boolean;
  onChange: (change: Partial<FlightValues>) => void;
}) {
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="date"
          label="Start date"
          description={startFixed ? FLIGHT_TEXTS.startFixedHint : FLIGHT_TEXTS.startHint}
          min={startFixed ? undefined : accountDay.today}
          disabled={startFixed}
          value={values.start_date}
          error={errors.start_date}
          onChange={(event) => onChange({ start_date: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label="End date"
          description={FLIGHT_TEXTS.endHint}
          min={values.start_date > accountDay.today ? values.start_date : accountDay.today}
          value={values.end_date}
          error={errors.end_date}
          onChange={(event) => onChange({ end_date: event.currentTarget.value })}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {FLIGHT_TEXTS.zoneHint(accountDay.timeZone)}
      </Text>
    </Stack>
  );
}

/**
 * The Edit dialog's flight dates: their values, the messages under them, and the changes to send.
 * `check` runs the rules on the account's today and answers whether the dates may be sent.
 */
export function useFlightEdits(campaign: Campaign, accountDay: AccountDay) {
  const saved = { start_date: campaign.start_date ?? '', end_date: campaign.end_date ?? '' };
  const [values, setValues] = useState<FlightValues>(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof FlightValues, string>>>({});
  const started = flightHasStarted(campaign);
  const changes = {
    ...(values.start_date !== saved.start_date && { start_date: values.start_date || null }),
    ...(values.end_date !== saved.end_date && { end_date: values.end_date || null }),
  };
  const check = () => {
    const problems = flightProblems(
      { start_date: values.start_date || null, end_date: values.end_date || null },
      accountDay.today,
      { start_date: campaign.start_date, end_date: campaign.end_date, started },
    );
    setErrors(Object.fromEntries(problems.map((problem) => [problem.field, problem.message])));
    return problems.map((problem) => problem.message);
  };
  const change = (next: Partial<FlightValues>) => {
    setValues((current) => ({ ...current, ...next }));
    setErrors({});
  };
  return { values, errors, started, changes, check, change, accountDay };
}
