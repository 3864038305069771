import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ProgressBar } from '@/components/request-progress';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { useUnsubscribeReport } from '../api/report-schedules';

/**
 * The scheduled report e-mail's unsubscribe link (docs/product/insights.md, Scheduled reports):
 * it unsubscribes as it opens, signed in or not, and says what happened.
 */
export function ReportUnsubscribePage() {
  const [search] = useSearchParams();
  const unsubscribe = useUnsubscribeReport();
  const asked = useRef(false);
  const { mutate } = unsubscribe;
  useEffect(() => {
    // Once, even when React runs the effect twice.
    if (asked.current) return;
    asked.current = true;
    mutate({ schedule: search.get('schedule') ?? '', signature: search.get('signature') ?? '' });
  }, [mutate, search]);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Scheduled report
      </Title>
      {unsubscribe.isError ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title="This link cannot be used" role="alert">
          {isApiError(unsubscribe.error) ? unsubscribe.error.message : 'Please try again later.'}
        </Alert>
      ) : unsubscribe.isSuccess ? (
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} title="Unsubscribed" role="status">
          {unsubscribe.data.message}
        </Alert>
      ) : (
        <ProgressBar />
      )}
      <Anchor component={Link} to={paths.login}>
        Go to the portal
      </Anchor>
    </Stack>
  );
}
