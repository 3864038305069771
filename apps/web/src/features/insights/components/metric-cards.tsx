import { ActionIcon, Group, Paper, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { DASHBOARD_FIGURES, type DashboardStatistics, type FigureUnit } from '@portal/contract';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconChartBar,
  IconChevronLeft,
  IconChevronRight,
} from '@tabler/icons-react';
import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import { EmptyMessage, Panel } from '@/components/panel';
import statusColors from '@/components/status-colors.module.css';
import { formatChange, formatCount, formatUsd } from '@/lib/format';
import { useDashboardStatistics } from '../api/dashboard';
import { useDashboardErrorToast } from '../hooks/dashboard-error-toast';
import classes from './metric-cards.module.css';

/** With no figures entered yet, every sum is 0 (docs/product/insights.md, Dashboards). */
function hasFigures(statistics: DashboardStatistics): boolean {
  return Object.values(statistics).some((figure) => figure.value !== 0);
}

/** One figure: its label, its value in dollars or as a count, and its change from last week. */
function MetricCard({
  label,
  unit,
  value,
  change,
}: {
  label: string;
  unit: FigureUnit;
  value: number;
  change: number;
}) {
  const written = formatChange(change);
  // formatChange rounds first, so a change that reads "+0.0%" counts as a rise here too.
  const rise = written.startsWith('+');
  const Arrow = rise ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Paper withBorder p="md" className={classes.card}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} mt={4} style={{ overflowWrap: 'anywhere' }}>
        {unit === 'money' ? formatUsd(value) : formatCount(value)}
      </Text>
      <Group gap={4} mt={4} wrap="nowrap">
        {/* The sign and the words carry the direction; the colour and the arrow repeat it. */}
        <Group gap={2} wrap="nowrap" className={rise ? statusColors.ok : statusColors.bad}>
          <Arrow size={16} aria-hidden />
          <Text size="sm" fw={600} span>
            {written}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" span>
          vs last week
        </Text>
      </Group>
    </Paper>
  );
}

/** Whether the carousel can move back or on; both false while everything fits. */
function useScrollEdges(enabled: boolean) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const update = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const atStart = viewport.scrollLeft <= 1;
    const atEnd = viewport.scrollLeft + viewport.clientWidth >= viewport.scrollWidth - 1;
    setEdges((current) => (current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd }));
  }, []);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!enabled || !viewport) return;
    // The observer reports the first size by itself once the browser has laid the page out;
    // measuring here instead would force that layout early, inside the render's task.
    const observer = new ResizeObserver(update);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [enabled, update]);
  return { viewportRef, edges, update };
}

/**
 * The customer dashboard's 16 cards (docs/product/insights.md, Dashboard cards): a horizontal
 * carousel of 1 to 6 cards at a time with previous and next buttons; the viewport scrolls with
 * the arrow keys once focused.
 */
export function MetricCardsPanel() {
  const statistics = useDashboardStatistics();
  useDashboardErrorToast(statistics.error);
  // Drawn in the background when it arrives, in slices that leave the main thread free (docs/decisions/020-dashboard-rendering.md).
  const arrived = useDeferredValue(statistics.data);
  const loading = arrived === undefined && !statistics.isError;
  const data = statistics.isError ? undefined : arrived;
  const shown = data !== undefined && hasFigures(data);
  const { viewportRef, edges, update } = useScrollEdges(shown);
  const reduceMotion = useReducedMotion();

  const move = (direction: -1 | 1) => {
    const viewport = viewportRef.current;
    // A page at a time; scroll snapping settles on a card's edge.
    viewport?.scrollBy?.({ left: direction * viewport.clientWidth, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  const actions = (loading || shown) && (
    <>
      <ActionIcon
        variant="default"
        aria-label="Previous figures"
        disabled={loading || edges.atStart}
        onClick={() => move(-1)}
      >
        <IconChevronLeft size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="default" aria-label="Next figures" disabled={loading || edges.atEnd} onClick={() => move(1)}>
        <IconChevronRight size={18} aria-hidden />
      </ActionIcon>
    </>
  );

  return (
    <Panel title="Overview" actions={actions}>
      {loading ? (
        // Not scrollable while loading: the placeholders past the first page stay out of view.
        <div className={classes.viewport} aria-busy="true" style={{ overflow: 'hidden' }}>
          <VisuallyHidden>Loading figures</VisuallyHidden>
          <ul className={classes.track}>
            {DASHBOARD_FIGURES.slice(0, 6).map(({ key }) => (
              <li key={key} className={classes.item}>
                <Skeleton className={classes.card} />
              </li>
            ))}
          </ul>
        </div>
      ) : shown ? (
        <div
          ref={viewportRef}
          className={classes.viewport}
          role="region"
          aria-label="Figures of your campaigns"
          // Focusable, so a keyboard can scroll it with the arrow keys.
          tabIndex={0}
          onScroll={update}
        >
          <ul className={classes.track}>
            {DASHBOARD_FIGURES.map((figure) => (
              <li key={figure.key} className={classes.item}>
                <MetricCard
                  label={figure.label}
                  unit={figure.unit}
                  value={data[figure.key].value}
                  change={data[figure.key].change}
                />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <EmptyMessage icon={<IconChartBar aria-hidden />} title="No information to display" />
      )}
    </Panel>
  );
}
