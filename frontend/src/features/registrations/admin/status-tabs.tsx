import { useRef, type KeyboardEvent, type ReactNode } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { EventStatus } from '../admin-api';

interface Props {
  /** The statuses that have events, in tab order, with their counts. */
  tabs: { status: EventStatus; count: number }[];
  selected: EventStatus;
  onSelect: (status: EventStatus) => void;
  /** The panel of the selected tab. */
  children: ReactNode;
}

const tabId = (status: EventStatus) => `registrations-tab-${status.toLowerCase()}`;
const PANEL_ID = 'registrations-tab-panel';

/**
 * The overview's tabs (WAI-ARIA tabs): one per event status that has events, with its count.
 * Arrow keys, Home and End move between them and select (the panel follows the focus); Tab
 * goes on into the panel.
 */
export function StatusTabs({ tabs, selected, onSelect, children }: Props) {
  const { t } = useTranslation('registrations-admin');
  const refs = useRef<Partial<Record<EventStatus, HTMLButtonElement | null>>>({});
  const index = tabs.findIndex((tab) => tab.status === selected);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.status);
    refs.current[next.status]?.focus();
  }

  return (
    <>
      {tabs.length > 0 && (
        <div className="registrations-tabs" role="tablist" aria-label={t('overview.tabsLabel')}>
          {tabs.map(({ status, count }) => (
            <button
              key={status}
              ref={(element) => {
                refs.current[status] = element;
              }}
              type="button"
              role="tab"
              id={tabId(status)}
              aria-selected={status === selected}
              aria-controls={PANEL_ID}
              tabIndex={status === selected ? 0 : -1}
              className="registrations-tabs__tab"
              onClick={() => onSelect(status)}
              onKeyDown={onKeyDown}
            >
              {t(`eventStatus.${status}`)}{' '}
              <span className="registrations-tabs__count">{t('overview.tabCount', { count })}</span>
            </button>
          ))}
        </div>
      )}
      <div
        id={PANEL_ID}
        role={tabs.length > 0 ? 'tabpanel' : undefined}
        aria-labelledby={tabs.length > 0 ? tabId(selected) : undefined}
        className="registrations-tabs__panel"
      >
        {children}
      </div>
    </>
  );
}
