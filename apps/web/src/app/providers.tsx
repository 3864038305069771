import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from '@/config/theme';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import notificationClasses from './notifications.module.css';

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals, so tests see toasts and dialogs at once. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient = defaultQueryClient, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      cssVariablesResolver={cssVariablesResolver}
      env={env}
    >
      {/* docs/product/accounts.md: "toast lasts 5 seconds at the top right", below the top bar. */}
      <Notifications position="top-right" autoClose={5000} classNames={{ root: notificationClasses.root }} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
