import { Card, Group, Tabs } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { EmptyMessage } from './panel';

export interface EmptyTab {
  value: string;
  label: string;
  /** The empty state's title while the tab has nothing to list. */
  empty: string;
  icon: ComponentType<{ 'aria-hidden'?: boolean }>;
}

/**
 * A card of tabs that each show only their empty state: the lists behind them arrive with
 * later work. `actions` sit beside the tab list, and fold under it on a narrow screen.
 */
export function EmptyTabs({
  tabs,
  defaultValue,
  actions,
}: {
  tabs: readonly EmptyTab[];
  defaultValue: string;
  actions?: ReactNode;
}) {
  const list = (
    <Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Tab key={tab.value} value={tab.value}>
          {tab.label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
  return (
    <Card withBorder padding="lg">
      <Tabs defaultValue={defaultValue}>
        {actions ? (
          <Group justify="space-between" gap="sm" wrap="wrap-reverse" align="flex-end">
            {list}
            {actions}
          </Group>
        ) : (
          list
        )}
        {tabs.map(({ value, empty, icon: Icon }) => (
          <Tabs.Panel key={value} value={value}>
            <EmptyMessage icon={<Icon aria-hidden />} title={empty} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
