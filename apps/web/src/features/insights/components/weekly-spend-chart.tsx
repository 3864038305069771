import { Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { line } from 'd3-shape';
import { useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatDate, formatUsd } from '@/lib/format';
import { formatAxisAmount, spendAxisTicks } from '../utils/weekly-spend-axis';
import { WEEKLY_CHART_HEIGHT, type WeeklySpendRow } from '../utils/weekly-spend-rows';
import classes from './weekly-spend-chart.module.css';

/**
 * The Amount Spent line chart (docs/product/insights.md, Weekly spend): seven days, two weeks,
 * drawn as plain SVG. A charting library cost the dashboard about half of its main-thread work
 * for two lines of seven points (docs/decisions/019-weekly-spend-chart.md); d3-shape draws the
 * lines, the rest is a few coordinates.
 */

const LEGEND_HEIGHT = 40;
const SVG_HEIGHT = WEEKLY_CHART_HEIGHT - LEGEND_HEIGHT;
/** Room for the value axis's marks on the left and the days under the plot. */
const MARGIN = { top: 10, right: 16, bottom: 30, left: 56 };
/** Between the day's line and its tooltip. */
const TOOLTIP_GAP = 12;
/** The first and last days sit this far inside the plot, so their dots are not cut. */
const DAY_INSET = 16;

const SERIES = [
  { key: 'thisWeek', label: 'This week', className: classes.thisWeek },
  { key: 'lastWeek', label: 'Last week', className: classes.lastWeek },
] as const;

const TITLE = 'Amount spent per day, this week against last week';
const DESCRIPTION = 'Use the left and right arrow keys to go from day to day. The same figures follow as a table.';

/** "This week (18 Nov 2026)"; the date is left out when the answer lacks it. */
const weekLabel = (week: string, date: string) => (date ? `${week} (${formatDate(date)})` : week);

function SpendTooltip({ row }: { row: WeeklySpendRow }) {
  return (
    <Paper withBorder shadow="sm" p="xs">
      <Text size="sm" fw={600}>
        {row.day}
      </Text>
      <Text size="sm">
        {weekLabel('This week', row.thisWeekDate)}: {row.thisWeek === null ? 'to come' : formatUsd(row.thisWeek)}
      </Text>
      <Text size="sm">
        {weekLabel('Last week', row.lastWeekDate)}: {row.lastWeek === null ? '—' : formatUsd(row.lastWeek)}
      </Text>
    </Paper>
  );
}

/** Where each day and each amount lands in an SVG `width` pixels wide. */
function chartGeometry(rows: readonly WeeklySpendRow[], width: number) {
  const ticks = spendAxisTicks(rows.flatMap((row) => [row.thisWeek, row.lastWeek]));
  const bottom = ticks[0]!;
  const top = ticks.at(-1)!;
  const plotTop = MARGIN.top;
  const plotBottom = SVG_HEIGHT - MARGIN.bottom;
  const plotLeft = MARGIN.left;
  const plotRight = Math.max(plotLeft + 2 * DAY_INSET, width - MARGIN.right);
  const dayStep = (plotRight - plotLeft - 2 * DAY_INSET) / Math.max(1, rows.length - 1);
  const x = (index: number) => plotLeft + DAY_INSET + index * dayStep;
  const y = (amount: number) => plotBottom - ((amount - bottom) / (top - bottom)) * (plotBottom - plotTop);
  /** The day nearest to a point `offset` pixels from the SVG's left edge. */
  const dayAt = (offset: number) =>
    Math.min(rows.length - 1, Math.max(0, Math.round((offset - plotLeft - DAY_INSET) / dayStep)));
  return { ticks, plotTop, plotBottom, plotLeft, plotRight, x, y, dayAt };
}

type ChartGeometry = ReturnType<typeof chartGeometry>;

/**
 * The day the tooltip shows, moved by the arrow keys, Home and End, and by the pointer; Escape
 * puts it away.
 */
function useActiveDay(dayCount: number, dayAt: ChartGeometry['dayAt']) {
  const [activeDay, setActiveDay] = useState<number | null>(null);
  const moveTo = (day: number) => setActiveDay(Math.min(dayCount - 1, Math.max(0, day)));
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const current = activeDay ?? 0;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: dayCount - 1 }[event.key];
    if (next === undefined) {
      if (event.key === 'Escape') setActiveDay(null);
      return;
    }
    event.preventDefault();
    moveTo(next);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) =>
    moveTo(dayAt(event.clientX - event.currentTarget.getBoundingClientRect().left));
  return { activeDay, setActiveDay, onKeyDown, onPointerMove };
}

/** The grid, the amounts up the left and the days along the bottom. */
function PlotBackdrop({ rows, geometry }: { rows: readonly WeeklySpendRow[]; geometry: ChartGeometry }) {
  const { ticks, plotTop, plotBottom, plotLeft, plotRight, x, y } = geometry;
  return (
    <>
      <g className={classes.grid}>
        {ticks.map((tick) => (
          <line key={tick} x1={plotLeft} x2={plotRight} y1={y(tick)} y2={y(tick)} />
        ))}
        {rows.map((row, index) => (
          <line key={row.day} x1={x(index)} x2={x(index)} y1={plotTop} y2={plotBottom} />
        ))}
      </g>
      <g className={classes.axis} data-axis="amount" textAnchor="end">
        {ticks.map((tick) => (
          <text key={tick} x={plotLeft - 8} y={y(tick)} dominantBaseline="middle">
            {formatAxisAmount(tick)}
          </text>
        ))}
      </g>
      <g className={classes.axis} data-axis="day" textAnchor="middle">
        {rows.map((row, index) => (
          <text key={row.day} x={x(index)} y={plotBottom + 20}>
            {row.day}
          </text>
        ))}
      </g>
    </>
  );
}

/** Each week's line, with a dot on every day it has; the active day's dots are larger. */
function SpendLines({
  rows,
  geometry: { x, y },
  activeDay,
}: {
  rows: readonly WeeklySpendRow[];
  geometry: ChartGeometry;
  activeDay: number | null;
}) {
  // Days still to come are null: the line stops at today rather than dropping to them.
  const pathOf = (key: (typeof SERIES)[number]['key']) =>
    line<WeeklySpendRow>()
      .defined((row) => row[key] !== null)
      .x((_, index) => x(index))
      .y((row) => y(row[key]!))(rows) ?? undefined;
  return (
    <>
      {SERIES.map((series) => (
        <g key={series.key} className={series.className} data-series={series.key}>
          <path d={pathOf(series.key)} fill="none" />
          {rows.map((row, index) => {
            const amount = row[series.key];
            if (amount === null) return null;
            return <circle key={row.day} cx={x(index)} cy={y(amount)} r={index === activeDay ? 5 : 3} />;
          })}
        </g>
      ))}
    </>
  );
}

export function WeeklySpendChart({ rows }: { rows: WeeklySpendRow[] }) {
  const { ref, width } = useElementSize();
  const titleId = useId();
  const descriptionId = useId();
  const geometry = chartGeometry(rows, width);
  const { plotTop, plotBottom, x } = geometry;
  const { activeDay, setActiveDay, onKeyDown, onPointerMove } = useActiveDay(rows.length, geometry.dayAt);

  const active = activeDay === null ? undefined : rows[activeDay];
  // The tooltip sits beside the day, on the side with more room, and wraps to fit that side.
  const tooltipAt = activeDay === null ? undefined : x(activeDay);
  const tooltipOnLeft = tooltipAt !== undefined && tooltipAt > width / 2;
  const tooltipStyle = tooltipAt !== undefined && {
    left: tooltipAt,
    top: LEGEND_HEIGHT + plotTop,
    maxWidth: (tooltipOnLeft ? tooltipAt : width - tooltipAt) - TOOLTIP_GAP,
  };

  return (
    <div ref={ref} className={classes.chart} style={{ height: WEEKLY_CHART_HEIGHT }}>
      <ul aria-label="Legend" className={classes.legend} style={{ height: LEGEND_HEIGHT }}>
        {SERIES.map((series) => (
          <li key={series.key}>
            <svg width="24" height="12" aria-hidden="true">
              <line x1="0" x2="24" y1="6" y2="6" className={series.className} />
            </svg>
            {series.label}
          </li>
        ))}
      </ul>
      {width > 0 && (
        <svg
          role="application"
          tabIndex={0}
          width={width}
          height={SVG_HEIGHT}
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          className={classes.plot}
          onKeyDown={onKeyDown}
          // Focus by keyboard starts on Monday; a click or a tap has already chosen its day.
          onFocus={() => setActiveDay((current) => current ?? 0)}
          onBlur={() => setActiveDay(null)}
          onPointerMove={onPointerMove}
          // A tap on a phone sends no move: the day is chosen where the finger lands.
          onPointerDown={onPointerMove}
          // A mouse that leaves takes the tooltip with it, unless the chart has the focus; a
          // lifted finger leaves too, and the tapped day stays until the focus moves on.
          onPointerLeave={(event) => {
            if (event.pointerType !== 'touch' && document.activeElement !== event.currentTarget) setActiveDay(null);
          }}
        >
          <title id={titleId}>{TITLE}</title>
          <desc id={descriptionId}>{DESCRIPTION}</desc>
          <PlotBackdrop rows={rows} geometry={geometry} />
          {activeDay !== null && (
            <line className={classes.cursor} x1={x(activeDay)} x2={x(activeDay)} y1={plotTop} y2={plotBottom} />
          )}
          <SpendLines rows={rows} geometry={geometry} activeDay={activeDay} />
        </svg>
      )}
      {/* Read out as the arrow keys move: the same words the tooltip shows. */}
      <div
        role="status"
        className={classes.tooltip}
        data-side={tooltipOnLeft ? 'left' : 'right'}
        style={tooltipStyle || undefined}
      >
        {active && <SpendTooltip row={active} />}
      </div>
    </div>
  );
}
