import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { PageCard } from './page-card';

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
 * same tab. Only the active tab's content is mounted (docs/product.md section 2). Bootstrap's
 * tab markup with the WAI-ARIA tabs pattern: one tab in the Tab order, the arrow keys (wrapping),
 * Home and End move to another tab and open it. Written here rather than taken from
 * React-Bootstrap's Tabs, whose transition and tab-context code was 2.9 KB gzip of every list's
 * first paint (docs/decisions/016-kept-libraries-on-the-web.md).
 */
export function UrlTabs({ id, tabs }: UrlTabsProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const active = tabs.find((tab) => tab.key === requested) ?? tabs[0];
  const list = useRef<HTMLUListElement>(null);

  const select = (key: string) => {
    if (key === active?.key) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const at = tabs.findIndex((tab) => tab.key === active?.key);
    const to =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (to === null || at === -1) return;
    event.preventDefault();
    select(tabs[to]!.key);
    list.current?.querySelectorAll<HTMLElement>('[role=tab]')[to]?.focus();
  };

  return (
    <>
      <ul ref={list} className="mb-3 nav nav-tabs url-tabs" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.key === active?.key;
          return (
            <li key={tab.key} className="nav-item" role="presentation">
              <button
                type="button"
                id={`${id}-tab-${tab.key}`}
                role="tab"
                aria-controls={`${id}-tabpane-${tab.key}`}
                aria-selected={selected}
                tabIndex={selected ? undefined : -1}
                className={`nav-link${selected ? ' active' : ''}`}
                onClick={() => select(tab.key)}
              >
                {tab.title}
              </button>
            </li>
          );
        })}
      </ul>
      {active && (
        <div className="tab-content">
          <div
            key={active.key}
            role="tabpanel"
            id={`${id}-tabpane-${active.key}`}
            aria-labelledby={`${id}-tab-${active.key}`}
            className="tab-pane active show"
          >
            {active.content}
          </div>
        </div>
      )}
    </>
  );
}

/** An area page made of tabs (Sales, Admin, Stock): its card, titled, with the tabs in it. */
export function TabsPage({ title, id, tabs }: UrlTabsProps & { title: string }) {
  return (
    <PageCard title={title}>
      <UrlTabs id={id} tabs={tabs} />
    </PageCard>
  );
}
