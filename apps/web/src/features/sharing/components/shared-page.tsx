import { Alert, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { SHARED_LINK_TEXTS } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import logoMark from '@/assets/logo-mark.svg';
import { ProgressBar } from '@/components/request-progress';
import { ThemeToggle } from '@/components/theme-toggle';
import { settings } from '@/config/settings';
import { isApiError } from '@/lib/api-error';
import { useRouteFocus } from '@/lib/use-route-focus';

/**
 * The frame of a shared link's public page (decision 034): the product's name without a link
 * into the portal, the theme switch, and the page. Search engines are told to leave it alone
 * (the server's X-Robots-Tag says so too), and no referrer leaves it (the server's
 * Referrer-Policy), as its address holds the token.
 */
export function SharedPageFrame({ children }: { children: ReactNode }) {
  const main = useRouteFocus<HTMLDivElement>();
  return (
    <Box mih="100vh">
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
      <Box component="header" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <img src={logoMark} alt="" width={28} height={28} />
            <Text fw={700}>{settings.productName}</Text>
          </Group>
          <ThemeToggle />
        </Group>
      </Box>
      <Container component="main" size="lg" py="lg" ref={main}>
        {children}
      </Container>
    </Box>
  );
}

/** A page's heading and the line saying it is shared read-only. */
export function SharedPageHeading({ title, expiresOn }: { title: string; expiresOn: string }) {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {SHARED_LINK_TEXTS.readOnly} The link works until {expiresOn}.
      </Text>
    </Stack>
  );
}

/**
 * What a page shows while its link is asked about, and when it does not work: every dead link
 * (expired, revoked, unknown) gets the server's one message; too many views the 429's.
 */
export function SharedPageState({ error }: { error: unknown }) {
  if (!error) return <ProgressBar />;
  const gone = isApiError(error) && error.status === 404;
  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        {gone ? SHARED_LINK_TEXTS.gone : 'This page could not be loaded'}
      </Title>
      <Alert color={gone ? 'gray' : 'red'} icon={<IconAlertTriangle aria-hidden />} role="alert">
        {gone ? SHARED_LINK_TEXTS.goneHint : isApiError(error) ? error.message : 'Try again later.'}
      </Alert>
    </Stack>
  );
}
