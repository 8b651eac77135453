import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

import { Field } from '../../../components/field';
import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/use-toast';
import { apiFieldErrors, errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import { ADMIN_GENDERS, APPROVAL_STATUSES, useUpdateMemberMutation, type ApprovalStatus, type Member } from '../admin-api';
import { AREAS_OF_INTEREST, MEMBERSHIP_TYPES, PAYMENT_METHODS } from '../public-api';
import {
  FORM_FIELDS,
  formValuesOf,
  memberUpdateOf,
  type FormField as MemberField,
  type MemberFormValues,
  type TextField,
} from './member-form-values';
import { CheckboxGroup } from './checkbox-group';
import { memberName } from './members-table';

type FieldErrors = Partial<Record<MemberField, string>>;

function isApprovalStatus(value: string): value is ApprovalStatus {
  return (APPROVAL_STATUSES as readonly string[]).includes(value);
}

interface Props {
  /** The member as the server has them now (the page fetched them fresh). */
  member: Member;
  onClose: () => void;
}

/**
 * The edit modal (SPEC §2, §4, §5): every field of the member, the approval status and the
 * Active flag. A field left empty keeps its value; the server's field messages show on their
 * fields and the first one at fault gets the focus.
 */
export function MemberEditDialog({ member, onClose }: Props) {
  const { t } = useTranslation('members-admin');
  const toast = useToast();
  const formId = useId();
  const introId = useId();
  const id = (name: MemberField) => `${formId}-${name}`;

  const [values, setValues] = useState<MemberFormValues>(() => formValuesOf(member));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [updateMember, { isLoading: saving }] = useUpdateMemberMutation();

  // After a refused save, the first field at fault gets the focus once its message shows (the
  // first field when none is: the focus stays in the dialog, whose alert says why).
  const focusFirstError = useRef(false);
  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    const first = FORM_FIELDS.find((name) => errors[name]) ?? FORM_FIELDS[0];
    document.getElementById(`${formId}-${first}`)?.focus();
  });

  // The dialog opens on the first field (the modal would pick the first ticked box).
  useEffect(() => {
    document.getElementById(`${formId}-${FORM_FIELDS[0]}`)?.focus();
  }, [formId]);

  function change<K extends keyof MemberFormValues>(name: K, value: MemberFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setOutcome(null);
    setErrors({});
    try {
      await updateMember(memberUpdateOf(member, values)).unwrap();
      toast.success(t('toasts.updated'));
      onClose();
    } catch (failure) {
      console.error('Updating the member failed', failure);
      const fields = apiFieldErrors(failure);
      setErrors(Object.fromEntries(FORM_FIELDS.flatMap((name) => (fields[name] ? [[name, fields[name]]] : []))));
      focusFirstError.current = true;
      // SPEC §8: the toast carries what the server said.
      const message = errorText(failure);
      setOutcome({ kind: 'error', text: message ?? t('toasts.updateFailed') });
      toast.error(message ? t('toasts.updateFailedWith', { message }) : t('toasts.updateFailed'));
    }
  }

  const input = (name: TextField, extra: Omit<Parameters<typeof FormField>[0], 'id' | 'label'> = {}) => (
    <FormField
      id={id(name)}
      label={t(`fields.${name}`)}
      name={name}
      value={values[name]}
      onChange={(event) => change(name, event.target.value)}
      error={errors[name]}
      {...extra}
    />
  );

  const textarea = (name: TextField) => (
    <Field id={id(name)} label={t(`fields.${name}`)} error={errors[name]}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={3}
          maxLength={2000}
          value={values[name]}
          onChange={(event) => change(name, event.target.value)}
        />
      )}
    </Field>
  );

  const select = (name: TextField, options: readonly string[], labelOf: (option: string) => string) => (
    <Field id={id(name)} label={t(`fields.${name}`)} error={errors[name]}>
      {(control) => (
        <select {...control} name={name} value={values[name]} onChange={(event) => change(name, event.target.value)}>
          <option value="">{t('edit.keep')}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {labelOf(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const group = (legend: string, children: ReactNode) => (
    <fieldset className="member-form__group">
      <legend className="member-form__legend">{legend}</legend>
      <div className="member-form__grid">{children}</div>
    </fieldset>
  );

  return (
    <Modal
      title={t('edit.title', { name: memberName(member) })}
      onClose={onClose}
      busy={saving}
      describedBy={introId}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {t('edit.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={saving} aria-busy={saving}>
            {saving ? t('edit.saving') : t('edit.save')}
          </button>
        </>
      }
    >
      <p id={introId} className="member-form__intro">
        {t('edit.intro')}
      </p>
      <form id={formId} className="form member-form" onSubmit={handleSubmit} noValidate>
        <fieldset className="member-form__fields" disabled={saving}>
          {group(
            t('view.sections.personal'),
            <>
              {input('full_name', { autoComplete: 'off', maxLength: 150 })}
              {input('email', { type: 'email', autoComplete: 'off', maxLength: 254 })}
              {input('phone', { type: 'tel', autoComplete: 'off', maxLength: 30 })}
              {input('date_of_birth', { type: 'date' })}
              {select('gender', ADMIN_GENDERS, (option) => t(`gender.${option}`))}
              {input('nationality', { autoComplete: 'off', maxLength: 100 })}
              {input('address', { autoComplete: 'off', maxLength: 300 })}
            </>,
          )}
          {group(
            t('view.sections.professional'),
            <>
              {input('occupation', { autoComplete: 'off', maxLength: 150 })}
              {input('organization', { autoComplete: 'off', maxLength: 150 })}
              {input('experience_years', { type: 'number', inputMode: 'numeric', min: 0, max: 80, step: 1 })}
              {input('preferred_communication_language', { autoComplete: 'off', maxLength: 100 })}
              {textarea('skills')}
              {textarea('certifications')}
            </>,
          )}
          {group(
            t('view.sections.membership'),
            <>
              {select('membership_type', MEMBERSHIP_TYPES, (option) => t(`membershipType.${option}`))}
              {select('payment_method', PAYMENT_METHODS, (option) => t(`paymentMethod.${option}`))}
              {input('transaction_id', { autoComplete: 'off', maxLength: 100 })}
              <CheckboxGroup
                className="member-form__choices"
                legend={t('fields.areas_of_interest')}
                name="areas_of_interest"
                firstId={id('areas_of_interest')}
                options={AREAS_OF_INTEREST}
                chosen={values.areas_of_interest}
                labelOf={(interest) => t(`interest.${interest}`)}
                onChange={(chosen) => change('areas_of_interest', chosen)}
                error={errors.areas_of_interest}
              />
              {textarea('reason_for_joining')}
            </>,
          )}
          {group(
            t('edit.statusLegend'),
            <>
              <Field id={id('approval_status')} label={t('fields.approval_status')} error={errors.approval_status}>
                {(control) => (
                  <select
                    {...control}
                    name="approval_status"
                    value={values.approval_status}
                    onChange={(event) => {
                      if (isApprovalStatus(event.target.value)) change('approval_status', event.target.value);
                    }}
                  >
                    {APPROVAL_STATUSES.map((status) => (
                      <option key={status} value={status}>
                        {t(`approvalStatus.${status}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <div className="member-form__check">
                <input
                  type="checkbox"
                  id={id('is_active_member')}
                  name="is_active_member"
                  checked={values.is_active_member}
                  aria-invalid={errors.is_active_member ? true : undefined}
                  aria-describedby={errors.is_active_member ? `${id('is_active_member')}-error` : undefined}
                  onChange={(event) => change('is_active_member', event.target.checked)}
                />
                <label htmlFor={id('is_active_member')}>{t('fields.is_active_member')}</label>
                {errors.is_active_member && (
                  <p className="form__field-error" id={`${id('is_active_member')}-error`}>
                    {errors.is_active_member}
                  </p>
                )}
              </div>
            </>,
          )}
        </fieldset>
        <FormMessage message={outcome} />
      </form>
    </Modal>
  );
}
