import type { ReactNode } from 'react';

import { Tabs } from '../../../components/tabs';
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

/**
 * The overview's tabs (the shared WAI-ARIA tabs): one per event status that has events, with its
 * count. With no events at all there are no tabs, only the panel's content.
 */
export function StatusTabs({ tabs, selected, onSelect, children }: Props) {
  const { t } = useTranslation('registrations-admin');
  if (tabs.length === 0) return <div className="tabs__panel">{children}</div>;
  return (
    <Tabs
      label={t('overview.tabsLabel')}
      idPrefix="registrations"
      tabs={tabs.map(({ status, count }) => ({
        key: status,
        label: (
          <>
            {t(`common:status.event.${status}`)}{' '}
            <span className="registrations-tabs__count">{t('overview.tabCount', { count })}</span>
          </>
        ),
      }))}
      selected={selected}
      onSelect={onSelect}
    >
      {children}
    </Tabs>
  );
}
