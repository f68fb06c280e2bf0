import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabIndexForKey } from '#client/lib/tab-keys';

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
  render: () => ReactNode;
}

/**
 * WAI-ARIA tabs (automatic activation): arrows, Home and End move between tabs, Tab goes
 * into the panel. A panel's content is rendered once its tab is first opened (so its
 * requests start then) and kept, hidden, afterwards: results survive a switch.
 */
export function DiagnosticTabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  visited,
}: {
  label: string;
  tabs: TabDefinition<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Tabs opened before: kept mounted (hidden) so their results survive a switch. */
  visited: ReadonlySet<K>;
}) {
  const id = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.key === selected),
  );

  function onKeyDown(event: KeyboardEvent) {
    const target = tabIndexForKey(event.key, index, tabs.length);
    if (target === null) return;
    event.preventDefault();
    const next = tabs[target]!;
    onSelect(next.key);
    buttons.current.get(next.key)?.focus();
  }

  return (
    <div className="diag-tabs">
      <div className="diag-tab-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
              else buttons.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== selected}
          tabIndex={0}
          className="diag-tab-panel"
        >
          {(tab.key === selected || visited.has(tab.key)) && tab.render()}
        </div>
      ))}
    </div>
  );
}
