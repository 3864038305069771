import { reportQuerySchema } from '@portal/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PRESET, presetRange, readPreset, type DayRange, type RangePreset } from '../utils/report-range';

/**
 * The analytics page's dates, kept in the address beside its page and search (`dates`, `from`,
 * `to`), so a reload or a shared link shows the same report. A range the server would refuse
 * falls back to the default preset.
 */
export function useReportRange() {
  const [searchParams, setSearchParams] = useSearchParams();
  const from = searchParams.get('from');
  const to = searchParams.get('to');
  const named = readPreset(searchParams.get('dates') ?? undefined);

  const { preset, range } = useMemo((): { preset: RangePreset; range: DayRange } => {
    const given = reportQuerySchema.safeParse({ from, to });
    if (named && given.success) return { preset: named, range: given.data };
    if (named && named !== 'custom' && named !== 'flight_to_date') return { preset: named, range: presetRange(named) };
    return { preset: DEFAULT_PRESET, range: presetRange(DEFAULT_PRESET) };
  }, [from, to, named]);

  const setRange = useCallback(
    (nextPreset: RangePreset, next: DayRange) =>
      setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          params.set('dates', nextPreset);
          params.set('from', next.from);
          params.set('to', next.to);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { preset, range, setRange };
}
