import { Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReportDay, ReportFigureKey } from '@portal/contract';
import { formatDate } from '@/lib/format';
import { formatAxisAmount, spendAxisTicks } from '../utils/weekly-spend-axis';

/** The chart's height; its width is the space it is given. */
export const DAILY_CHART_HEIGHT = 220;
const MARGIN = { top: 10, right: 8, bottom: 26, left: 48 };

/**
 * One figure's value per day as bars, drawn as plain SVG like the dashboard's chart (decision
 * 019). A correction's negative day goes below the zero line. The per-day table under it holds
 * the same values for screen readers, so the drawing is one labelled image.
 */
export function DailyChart({ days, figure, label }: { days: ReportDay[]; figure: ReportFigureKey; label: string }) {
  const { ref, width } = useElementSize();
  const ticks = spendAxisTicks(days.map((day) => day[figure]));
  const bottom = ticks[0]!;
  const top = ticks.at(-1)!;
  const plotHeight = DAILY_CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (value: number) => MARGIN.top + ((top - value) / (top - bottom || 1)) * plotHeight;
  const step = days.length > 0 ? Math.max(0, width - MARGIN.left - MARGIN.right) / days.length : 0;
  const barWidth = Math.max(1, step * 0.7);
  // About six dates under the bars, whatever the range.
  const every = Math.max(1, Math.ceil(days.length / 6));

  return (
    // Its height is kept from the start, while the width is measured, so nothing below it moves.
    <div ref={ref} style={{ width: '100%', minHeight: DAILY_CHART_HEIGHT }}>
      {width > 0 && (
        <svg width={width} height={DAILY_CHART_HEIGHT} role="img" aria-label={label}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke="var(--mantine-color-default-border)"
              />
              <text
                x={MARGIN.left - 6}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={11}
                fill="currentColor"
              >
                {formatAxisAmount(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const value = day[figure];
            const x = MARGIN.left + index * step + (step - barWidth) / 2;
            return (
              <g key={day.date}>
                <rect
                  x={x}
                  y={Math.min(y(value), y(0))}
                  width={barWidth}
                  height={Math.abs(y(value) - y(0))}
                  fill={value < 0 ? 'var(--mantine-color-red-filled)' : 'var(--mantine-primary-color-filled)'}
                />
                {index % every === 0 && (
                  <text
                    x={x + barWidth / 2}
                    y={DAILY_CHART_HEIGHT - 8}
                    textAnchor="middle"
                    fontSize={11}
                    fill="currentColor"
                  >
                    {formatDate(day.date).slice(0, -5)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {days.length === 0 && <Text c="dimmed">No days to show</Text>}
    </div>
  );
}
