import { Card, Group, List, Text, ThemeIcon, Title } from '@mantine/core';
import type { AdCheckFailure } from '@portal/contract';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { SUCCESS_GREEN } from '@/config/theme';

/** How each severity reads: an error must be fixed before publishing, a warning need not. */
const SEVERITIES = {
  error: { label: 'Fix before publishing', color: 'red.8', Icon: IconCircleX },
  warning: { label: 'Worth a look', color: 'yellow.8', Icon: IconAlertTriangle },
} as const;

/**
 * The checks before review on the ad as it will be sent (docs/product/campaigns.md, Checks
 * before review): the errors first, which the server refuses too, then the warnings.
 */
export function AdChecksPanel({ failures }: { failures: AdCheckFailure[] }) {
  const sorted = [...failures].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return (
    <Card withBorder component="section" aria-labelledby="review-checks">
      <Title order={3} size="h5" id="review-checks" mb="sm">
        Checks before review
      </Title>
      {sorted.length === 0 ? (
        <Group gap="xs" wrap="nowrap">
          <ThemeIcon color={SUCCESS_GREEN} variant="light" radius="xl" size="sm">
            <IconCircleCheck size={16} aria-hidden />
          </ThemeIcon>
          <Text size="sm">Your ad passes the checks before review.</Text>
        </Group>
      ) : (
        <List spacing="sm" listStyleType="none" aria-label="Failed checks">
          {sorted.map((failure) => {
            const { label, color, Icon } = SEVERITIES[failure.severity];
            return (
              <List.Item
                key={`${failure.code}-${failure.field}`}
                icon={
                  <ThemeIcon color={color} variant="light" radius="xl" size="sm">
                    <Icon size={16} aria-hidden />
                  </ThemeIcon>
                }
              >
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Text size="sm">{failure.message}</Text>
              </List.Item>
            );
          })}
        </List>
      )}
    </Card>
  );
}
