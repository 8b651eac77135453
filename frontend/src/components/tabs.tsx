import { useRef, type KeyboardEvent, type ReactNode } from 'react';

import './tabs.css';

interface Props<Key extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tabs' and the panel's ids (unique on the page). */
  idPrefix: string;
  tabs: readonly { key: Key; label: ReactNode }[];
  selected: Key;
  onSelect: (key: Key) => void;
  /** The panel of the selected tab. */
  children: ReactNode;
  /** On the panel, e.g. aria-busy while it reloads. */
  busy?: boolean;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between the tabs and
 * select (the panel follows the focus); Tab goes on into the panel.
 */
export function Tabs<Key extends string>({ label, idPrefix, tabs, selected, onSelect, children, busy }: Props<Key>) {
  const refs = useRef(new Map<Key, HTMLButtonElement>());
  const tabId = (key: Key) => `${idPrefix}-tab-${key}`;
  const panelId = `${idPrefix}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, from: Key) {
    // From the tab that has the focus (the selected one, unless a click is still on its way).
    const index = tabs.findIndex((tab) => tab.key === from);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.key);
    refs.current.get(next.key)?.focus();
  }

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={tab.key === selected}
            aria-controls={panelId}
            tabIndex={tab.key === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => onKeyDown(event, tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected)} aria-busy={busy || undefined} className="tabs__panel">
        {children}
      </div>
    </>
  );
}
