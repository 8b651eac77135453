import { useEffect, useId, useRef } from 'react';

import { useTranslation } from '../../../lib/use-translation';
import type { BulkAction } from '../admin-api';

interface Props {
  /** Rows of this page that a bulk action can change (Pending or Approved). */
  selectable: number;
  selected: number;
  onSelectAll: (selected: boolean) => void;
  onAction: (action: BulkAction) => void;
}

/**
 * Above the table: "Select all on this page", how many are selected (announced as it changes),
 * and the two bulk actions. It stays in place on phones, where the table has no head row.
 */
export function BulkToolbar({ selectable, selected, onSelectAll, onAction }: Props) {
  const { t } = useTranslation('registrations-admin');
  const allId = useId();
  const allBox = useRef<HTMLInputElement>(null);
  const all = selectable > 0 && selected === selectable;
  const some = selected > 0 && !all;
  // "Some selected" has no attribute of its own: a checkbox is told it as a property.
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = some;
  }, [some]);

  return (
    <div className="registrations-bulk" role="group" aria-label={t('bulk.label')}>
      <div className="registrations-bulk__all">
        <input
          ref={allBox}
          id={allId}
          type="checkbox"
          checked={all}
          disabled={selectable === 0}
          onChange={(change) => onSelectAll(change.target.checked)}
        />
        <label htmlFor={allId}>{t('bulk.selectAll')}</label>
      </div>
      <p role="status" className="registrations-bulk__count">
        {selected > 0 ? t('bulk.selected', { count: selected }) : t('bulk.noneSelected')}
      </p>
      <div className="registrations-bulk__actions">
        <button
          type="button"
          className="registration-action registration-action--rejected"
          disabled={selected === 0}
          aria-haspopup="dialog"
          onClick={() => onAction('reject')}
        >
          {t('bulk.reject')}
        </button>
        <button
          type="button"
          className="registration-action registration-action--cancelled"
          disabled={selected === 0}
          aria-haspopup="dialog"
          onClick={() => onAction('cancel')}
        >
          {t('bulk.cancel')}
        </button>
      </div>
    </div>
  );
}
