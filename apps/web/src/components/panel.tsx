import { Button, Card, EmptyState, Group, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, type ReactNode, type Ref } from 'react';

/**
 * A titled block of a page; the page's own h1 is in the top bar, so panels start at h2. With
 * `titleRef`, the title can take the focus from a script (tabIndex -1): where the keyboard goes
 * when the control it was on leaves the panel (a review decision removes Approve and Decline).
 */
export function Panel({
  title,
  titleRef,
  actions,
  children,
}: {
  title: string;
  titleRef?: Ref<HTMLHeadingElement>;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId} padding="lg">
      {/* As tall as an extra-small button, so the row does not grow when actions appear with the data. */}
      <Group justify="space-between" gap="sm" mb="md" mih={30}>
        <Title order={2} size="h4" id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
          {title}
        </Title>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Card>
  );
}

/** What a list or chart shows while it has nothing to show. */
export function EmptyMessage({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
}) {
  return <EmptyState icon={icon} title={title} description={description} withIndicatorBackground size="sm" py="xl" />;
}

/**
 * What a list shows when it could not be loaded: that, and a way to try again. Never the list's
 * "nothing here yet", which would tell the user something false. `what` is plural: "campaigns".
 */
export function LoadFailedMessage({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <EmptyState
      icon={<IconAlertTriangle aria-hidden />}
      title={`Could not load ${what}.`}
      withIndicatorBackground
      size="sm"
      py="xl"
      role="alert"
    >
      <Button variant="default" size="xs" mt="xs" onClick={onRetry}>
        Retry
      </Button>
    </EmptyState>
  );
}
