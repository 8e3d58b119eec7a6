import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tab, Tabs } from 'react-bootstrap';

export interface UrlTab {
  key: string;
  title: string;
  content: ReactNode;
}

export interface UrlTabsProps {
  id: string;
  tabs: readonly UrlTab[];
}

/**
 * Tabs whose selection lives in the address (?tab=key), so a reload or a shared link opens the
 * same tab. Only the active tab's content is mounted (docs/product.md section 2).
 */
export function UrlTabs({ id, tabs }: UrlTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const activeKey = tabs.some((tab) => tab.key === requested) ? requested! : tabs[0]?.key;

  return (
    <Tabs
      id={id}
      activeKey={activeKey}
      onSelect={(key) => {
        if (key === null || key === activeKey) return;
        setSearchParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.set('tab', key);
            return next;
          },
          { replace: true },
        );
      }}
      mountOnEnter
      unmountOnExit
      className="mb-3"
    >
      {tabs.map((tab) => (
        <Tab key={tab.key} eventKey={tab.key} title={tab.title}>
          {tab.content}
        </Tab>
      ))}
    </Tabs>
  );
}
