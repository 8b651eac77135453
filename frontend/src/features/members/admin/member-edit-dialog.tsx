import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

import { Field } from '../../../components/field';
import { FormField } from '../../../components/form-field';
import { FormMessage, type FormOutcome } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/use-toast';
import { apiFieldErrors, errorText } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';
import {
  ADMIN_GENDERS,
  APPROVAL_STATUSES,
  useCreateMemberMutation,
  useUpdateMemberMutation,
  type ApprovalStatus,
  type Member,
} from '../admin-api';
import { AREAS_OF_INTEREST, MEMBERSHIP_TYPES, PAYMENT_METHODS } from '../public-api';
import {
  EMPTY_FORM,
  FORM_FIELDS,
  asked,
  formValuesOf,
  memberCreateOf,
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
  /** The member as the server has them now (the page fetched them fresh); none: a new application. */
  member?: Member;
  onClose: () => void;
}

/**
 * The edit modal (SPEC §2, §4, §5): every field of the member, the approval status and the
 * Active flag. A field left empty keeps its value; the server's field messages show on their
 * fields and the first one at fault gets the focus. Without a member it is staff's form of a
 * new application (Add Member: POST management/members/, Pending, the applicant's consent).
 * Each type shows its own fields: a person's birth date and gender, an institution's contact.
 */
export function MemberEditDialog({ member, onClose }: Props) {
  const { t } = useTranslation('members-admin');
  const toast = useToast();
  const formId = useId();
  const introId = useId();
  const id = (name: MemberField) => `${formId}-${name}`;

  const creating = member === undefined;
  const [values, setValues] = useState<MemberFormValues>(() => (member ? formValuesOf(member) : EMPTY_FORM));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const [updateMember, { isLoading: updating }] = useUpdateMemberMutation();
  const [createMember, { isLoading: adding }] = useCreateMemberMutation();
  const saving = updating || adding;

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
      if (member) {
        await updateMember(memberUpdateOf(member, values)).unwrap();
        toast.success(t('toasts.updated'));
      } else {
        const added = await createMember(memberCreateOf(values)).unwrap();
        toast.success(t('toasts.created', { name: memberName(added) }));
      }
      onClose();
    } catch (failure) {
      console.error(creating ? 'Adding the member failed' : 'Updating the member failed', failure);
      const fields = apiFieldErrors(failure);
      setErrors(Object.fromEntries(FORM_FIELDS.flatMap((name) => (fields[name] ? [[name, fields[name]]] : []))));
      focusFirstError.current = true;
      // SPEC §8: the toast carries what the server said.
      const message = errorText(failure);
      const failed = creating ? t('toasts.createFailed') : t('toasts.updateFailed');
      setOutcome({ kind: 'error', text: message ?? failed });
      const failedWith = (text: string) =>
        creating ? t('toasts.createFailedWith', { message: text }) : t('toasts.updateFailedWith', { message: text });
      toast.error(message ? failedWith(message) : failed);
    }
  }

  const input = (name: TextField, extra: Omit<Parameters<typeof FormField>[0], 'id' | 'label'> = {}) =>
    asked(values, name) && (
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

  const select = (name: TextField, options: readonly string[], labelOf: (option: string) => string) =>
    asked(values, name) && (
    <Field id={id(name)} label={t(`fields.${name}`)} error={errors[name]}>
      {(control) => (
        <select {...control} name={name} value={values[name]} onChange={(event) => change(name, event.target.value)}>
          <option value="">{creating ? t('create.choose') : t('edit.keep')}</option>
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
      title={member ? t('edit.title', { name: memberName(member) }) : t('create.title')}
      onClose={onClose}
      busy={saving}
      describedBy={introId}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={saving}>
            {t('edit.cancel')}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={saving} aria-busy={saving}>
            {creating ? (saving ? t('create.saving') : t('create.save')) : saving ? t('edit.saving') : t('edit.save')}
          </button>
        </>
      }
    >
      <p id={introId} className="member-form__intro">
        {creating ? t('create.intro') : t('edit.intro')}
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
              {input('contact_person_name', { autoComplete: 'off', maxLength: 150 })}
              {input('contact_person_role', { autoComplete: 'off', maxLength: 150 })}
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
          {creating ? (
            <div className="member-form__check member-form__consent">
              <input
                type="checkbox"
                id={id('agree_to_terms')}
                name="agree_to_terms"
                checked={values.agree_to_terms}
                aria-invalid={errors.agree_to_terms ? true : undefined}
                aria-describedby={errors.agree_to_terms ? `${id('agree_to_terms')}-error` : undefined}
                onChange={(event) => change('agree_to_terms', event.target.checked)}
              />
              <div className="member-form__consent-text">
                <label htmlFor={id('agree_to_terms')}>{t('create.agreed')}</label>
                <a href="/privacy#terms" target="_blank" rel="noopener noreferrer">
                  {t('common:terms.link')}
                  <span className="visually-hidden"> {t('common:a11y.opensInNewTab')}</span>
                </a>
                {errors.agree_to_terms && (
                  <p className="form__field-error" id={`${id('agree_to_terms')}-error`}>
                    {errors.agree_to_terms}
                  </p>
                )}
              </div>
            </div>
          ) : group(
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
                        {t(`common:status.member.${status}`)}
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
