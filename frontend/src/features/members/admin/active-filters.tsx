import { useEffect, useId, useRef } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import { NO_FILTERS, type MemberFilterSet } from '../admin-api';

interface Props {
  filters: MemberFilterSet;
  onChange: (filters: MemberFilterSet) => void;
  /** Where the focus goes when the last filter is taken off (the Filters button). */
  fallbackFocusId: string;
}

/** The filters in force, each with a button that takes it off, and one that takes them all off. */
export function ActiveFilters({ filters, onChange, fallbackFocusId }: Props) {
  const { t } = useTranslation('members-admin');
  const titleId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // A taken-off filter's button goes with it: the focus moves to the filter now in its place.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const buttons = [...(listRef.current?.querySelectorAll<HTMLElement>('button') ?? [])];
    (buttons[Math.min(index, buttons.length - 1)] ?? document.getElementById(fallbackFocusId))?.focus();
  });

  function takeOff(index: number, next: MemberFilterSet) {
    focusAt.current = index;
    onChange(next);
  }

  const chips = [
    ...filters.statuses.map((status) => ({
      key: `status-${status}`,
      label: t('activeFilters.status', { value: t(`common:status.member.${status}`) }),
      without: { ...filters, statuses: filters.statuses.filter((item) => item !== status) },
    })),
    ...filters.types.map((type) => ({
      key: `type-${type}`,
      label: t('activeFilters.type', { value: t(`membershipType.${type}`) }),
      without: { ...filters, types: filters.types.filter((item) => item !== type) },
    })),
    ...filters.standings.map((standing) => ({
      key: `standing-${standing}`,
      label: t('activeFilters.standing', { value: t(`common:status.standing.${standing}`) }),
      without: { ...filters, standings: filters.standings.filter((item) => item !== standing) },
    })),
    ...(filters.active === null
      ? []
      : [
          {
            key: 'active',
            label: t(filters.active ? 'activeFilters.active' : 'activeFilters.inactive'),
            without: { ...filters, active: null },
          },
        ]),
  ];
  if (chips.length === 0) return null;

  return (
    <div className="active-filters">
      <p className="active-filters__title" id={titleId}>
        {t('activeFilters.title')}
      </p>
      <ul className="active-filters__list" ref={listRef} aria-labelledby={titleId}>
        {chips.map((chip, index) => (
          <li key={chip.key} className="active-filters__chip">
            {chip.label}
            <button
              type="button"
              className="active-filters__remove"
              aria-label={t('activeFilters.remove', { label: chip.label })}
              onClick={() => takeOff(index, chip.without)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="active-filters__clear" onClick={() => takeOff(0, NO_FILTERS)}>
        {t('activeFilters.clear')}
      </button>
    </div>
  );
}
