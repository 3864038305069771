import { Card, Group, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useListParams } from '@/lib/use-list-params';

const TAB_KEY = ['tab'] as const;

/** A list page's parameters in the address: page, page size, search, and the tab. */
export type TabListParams = ReturnType<typeof useListParams<(typeof TAB_KEY)[number]>>;

/**
 * The tab chosen in the address (`?tab=`), with the list's other parameters; an unknown or
 * missing tab is the first one. Choosing a tab goes back to page 1.
 */
export function useTabInAddress<AllTabs extends readonly [{ value: string }, ...{ value: string }[]]>(tabs: AllTabs) {
  const params = useListParams(TAB_KEY);
  const tab: AllTabs[number] = tabs.find((candidate) => candidate.value === params.tab) ?? tabs[0];
  return { tab, params, setTab: (value: string) => params.setParam('tab', value) };
}

/**
 * A card of tabs over lists, whose choice lives in the address, so a reload, Back or a shared
 * link shows the same tab. Only the chosen tab's panel draws its list (`children`). `actions`
 * sit beside the tab list, and fold above it on a narrow screen.
 */
export function ListTabs<Tab extends { value: string; label: string }>({
  tabs,
  current,
  onChange,
  actions,
  children,
}: {
  tabs: readonly Tab[];
  current: Tab;
  onChange: (value: string) => void;
  actions?: ReactNode;
  children: (tab: Tab) => ReactNode;
}) {
  const list = (
    <Tabs.List>
      {tabs.map(({ value, label }) => (
        <Tabs.Tab key={value} value={value}>
          {label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
  return (
    <Card withBorder padding="lg">
      <Tabs value={current.value} onChange={(value) => value && onChange(value)}>
        {actions ? (
          <Group justify="space-between" gap="sm" wrap="wrap-reverse" align="flex-end">
            {list}
            {actions}
          </Group>
        ) : (
          list
        )}
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.value} value={tab.value}>
            {tab.value === current.value && children(tab)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}
