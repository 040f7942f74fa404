import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';

export type TabItem<V extends string> = { value: V; label: string; icon?: ReactNode; panel: ReactNode };

/** spec: fastag-payments-shell §2.10 — the shared tab bar; panels mount only while shown. */
export function TabBar<V extends string>({ tabs, value, onChange }: { tabs: TabItem<V>[]; value: V; onChange: (value: V) => void }) {
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as V)} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
