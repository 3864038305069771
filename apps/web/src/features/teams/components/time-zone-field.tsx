import { Select } from '@mantine/core';
import { TIME_ZONE_MESSAGES } from '@portal/contract';
import { useMemo } from 'react';
import { useCan, useCurrentMembership } from '@/lib/membership';
import { notifyRequestError, notifySuccess } from '@/lib/notify';
import { useSetTimeZone } from '../api/teams';

/** Every zone the browser knows, UTC first: the ones the server accepts too. */
function useTimeZones(current: string): string[] {
  return useMemo(() => {
    const zones = new Set(['UTC', ...Intl.supportedValuesOf('timeZone'), current]);
    return [...zones];
  }, [current]);
}

/**
 * The account's time zone, whose calendar days its campaigns' flight dates are (docs/product/
 * campaigns.md, Flight dates): owners choose it, the others see it.
 */
export function TimeZoneField() {
  const { membership } = useCurrentMembership();
  const canChange = useCan('team.manage');
  const setTimeZone = useSetTimeZone();
  const zones = useTimeZones(membership?.time_zone ?? 'UTC');
  if (!membership) return null;
  return (
    <Select
      label="Time zone"
      description={
        canChange
          ? `The days of ${membership.name}'s flight dates: campaigns start and end at midnight in this zone.`
          : 'Owners of the account choose it.'
      }
      data={zones}
      value={membership.time_zone}
      searchable
      allowDeselect={false}
      nothingFoundMessage={TIME_ZONE_MESSAGES.invalid}
      disabled={!canChange || setTimeZone.isPending}
      maw={420}
      onChange={(zone) => {
        if (!zone || zone === membership.time_zone) return;
        setTimeZone.mutate(zone, {
          onSuccess: (answer) => notifySuccess('Saved', answer.message),
          onError: (error) => notifyRequestError(error, 'Could not save the time zone'),
        });
      }}
    />
  );
}
