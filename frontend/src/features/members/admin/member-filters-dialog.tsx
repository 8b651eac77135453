import { useEffect, useId, useState, type FormEvent } from 'react';

import { Modal } from '../../../components/modal';
import { useTranslation } from '../../../lib/use-translation';
import { APPROVAL_STATUSES, NO_FILTERS, STANDINGS, type MemberFilterSet } from '../admin-api';
import { MEMBERSHIP_TYPES } from '../public-api';
import { CheckboxGroup } from './checkbox-group';

const ACTIVE_CHOICES = [
  { key: 'any', value: null },
  { key: 'active', value: true },
  { key: 'inactive', value: false },
] as const;

interface Props {
  filters: MemberFilterSet;
  onApply: (filters: MemberFilterSet) => void;
  onClose: () => void;
}

/**
 * The filter modal (SPEC §5 "Member filters"): approval statuses, membership types and standings
 * in the membership year (any number of each) and active, inactive or either. Nothing changes
 * until Apply.
 */
export function MemberFiltersDialog({ filters, onApply, onClose }: Props) {
  const { t } = useTranslation('members-admin');
  const formId = useId();
  const [draft, setDraft] = useState<MemberFilterSet>(filters);

  // The dialog opens on its first choice (the modal would pick the first ticked one).
  useEffect(() => {
    document.getElementById(`${formId}-status-0`)?.focus();
  }, [formId]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
    onClose();
  }

  return (
    <Modal
      title={t('filters.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={() => setDraft(NO_FILTERS)}>
            {t('filters.reset')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('filters.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary">
            {t('filters.apply')}
          </button>
        </>
      }
    >
      <form id={formId} className="member-filters" onSubmit={handleSubmit}>
        <CheckboxGroup
          className="member-filters__group"
          legend={t('filters.statuses')}
          name="approval_status"
          firstId={`${formId}-status-0`}
          options={APPROVAL_STATUSES}
          chosen={draft.statuses}
          labelOf={(status) => t(`common:status.member.${status}`)}
          onChange={(statuses) => setDraft((current) => ({ ...current, statuses }))}
        />
        <CheckboxGroup
          className="member-filters__group"
          legend={t('filters.types')}
          name="membership_type"
          options={MEMBERSHIP_TYPES}
          chosen={draft.types}
          labelOf={(type) => t(`membershipType.${type}`)}
          onChange={(types) => setDraft((current) => ({ ...current, types }))}
        />
        <CheckboxGroup
          className="member-filters__group"
          legend={t('filters.standings')}
          name="standing"
          options={STANDINGS}
          chosen={draft.standings}
          labelOf={(standing) => t(`common:status.standing.${standing}`)}
          onChange={(standings) => setDraft((current) => ({ ...current, standings }))}
        />
        <fieldset className="member-filters__group">
          <legend>{t('filters.activity')}</legend>
          {ACTIVE_CHOICES.map(({ key, value }) => (
            <label key={key} className="member-form__choice">
              <input
                type="radio"
                name="active"
                value={key}
                checked={draft.active === value}
                onChange={() => setDraft((current) => ({ ...current, active: value }))}
              />
              {t(`filters.${key}`)}
            </label>
          ))}
        </fieldset>
      </form>
    </Modal>
  );
}
