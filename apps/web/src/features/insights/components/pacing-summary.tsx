import { Progress, Stack, Text } from '@mantine/core';
import { PACING_TEXTS, type Pacing } from '@portal/contract';

/** A bar of how far along something is, named, with its numbers written beside it. */
function PacingBar({ label, percent, text }: { label: string; percent: number; text: string }) {
  return (
    <Stack gap={4}>
      <Progress value={Math.min(100, Math.max(0, percent))} aria-label={label} size="sm" />
      <Text size="sm">{text}</Text>
    </Stack>
  );
}

/**
 * One campaign's pacing (docs/product/insights.md, Pacing): its spend against its budget and its
 * days against its flight, each a named bar with its numbers in words, then its recent daily spend
 * and where the budget runs out. The server works the facts out; the texts are the contract's.
 */
export function PacingSummary({ campaignName, pacing }: { campaignName: string; pacing: Pacing }) {
  const dailySpend = PACING_TEXTS.dailySpend(pacing);
  return (
    <Stack gap="xs">
      {pacing.budget_used_percent === null ? (
        <Text size="sm">{PACING_TEXTS.spentOfBudget(pacing)}</Text>
      ) : (
        <PacingBar
          label={PACING_TEXTS.budgetLabel(campaignName)}
          percent={pacing.budget_used_percent}
          text={PACING_TEXTS.spentOfBudget(pacing)}
        />
      )}
      {pacing.days_in_flight === null ? (
        <Text size="sm">{PACING_TEXTS.daysElapsed(pacing)}</Text>
      ) : (
        <PacingBar
          label={PACING_TEXTS.flightLabel(campaignName)}
          percent={Math.round((pacing.days_elapsed * 100) / pacing.days_in_flight)}
          text={PACING_TEXTS.daysElapsed(pacing)}
        />
      )}
      {dailySpend && (
        <Text size="sm" c="dimmed">
          {dailySpend}
        </Text>
      )}
      <Text size="sm" fw={500}>
        {PACING_TEXTS.outlook(pacing)}
      </Text>
    </Stack>
  );
}
