import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ProductSpecification } from '#shared/types';
import { island } from '#client/lib/island';
import { tabIndexForKey } from '#client/lib/tab-keys';

interface ProductTabsProps {
  /** The long description (the short one when the product has none). */
  details: string;
  specifications: ProductSpecification[];
  features: string[];
}

interface Tab {
  key: string;
  label: string;
  content: React.ReactNode;
}

/** Paragraphs as written in the back office: one per line. */
function paragraphs(text: string) {
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i) => <p key={i}>{line}</p>);
}

function tabsOf({ details, specifications, features }: ProductTabsProps): Tab[] {
  const tabs: Tab[] = [{ key: 'details', label: 'Détails', content: paragraphs(details) }];
  // Product rules: specifications and features get their own tabs when present.
  if (specifications.length > 0) {
    tabs.push({
      key: 'specifications',
      label: 'Spécifications',
      content: (
        <table className="spec-table">
          <tbody>
            {specifications.map((row, i) => (
              <tr key={i}>
                <th scope="row">{row.name}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ),
    });
  }
  if (features.length > 0) {
    tabs.push({
      key: 'features',
      label: 'Caractéristiques',
      content: (
        <ul>
          {features.map((feature, i) => (
            <li key={i}>{feature}</li>
          ))}
        </ul>
      ),
    });
  }
  return tabs;
}

/**
 * The product's tabs, WAI-ARIA tabs pattern (arrow keys, Home, End; automatic activation).
 * Without script, and in the server HTML, every panel shows in order under its heading and
 * the tab list is hidden; once hydrated, the tab list shows and one panel at a time.
 */
function ProductTabs(props: ProductTabsProps) {
  const tabs = tabsOf(props);
  const [hydrated, setHydrated] = useState(false);
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  useEffect(() => setHydrated(true), []);

  const select = (index: number) => {
    const next = (index + tabs.length) % tabs.length;
    setActive(next);
    buttons.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = tabIndexForKey(event.key, active, tabs.length);
    if (target === null) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label="Informations sur le produit" className="tab-list" hidden={!hydrated}>
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${id}tab-${tab.key}`}
            aria-selected={i === active}
            aria-controls={`${id}panel-${tab.key}`}
            tabIndex={i === active ? 0 : -1}
            onClick={() => select(i)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <section
          key={tab.key}
          id={`${id}panel-${tab.key}`}
          className="tab-panel"
          role={hydrated ? 'tabpanel' : undefined}
          aria-labelledby={hydrated ? `${id}tab-${tab.key}` : undefined}
          tabIndex={hydrated ? 0 : undefined}
          hidden={hydrated && i !== active}
        >
          <h2 className={hydrated ? 'visually-hidden' : undefined}>{tab.label}</h2>
          {tab.content}
        </section>
      ))}
    </div>
  );
}

export default island('product-tabs', ProductTabs);
