import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';

import { useGetSiteConfigQuery } from '../../../lib/api';
import { formatPrice } from '../../../lib/format-price';
import { useTranslation } from '../../../lib/use-translation';
import { AREAS_OF_INTEREST, GENDERS, MEMBERSHIP_TYPES, PAYMENT_METHODS } from '../public-api';
import { MAX_EXPERIENCE_YEARS } from './membership-values';
import { ChoiceGroup, TermsCheckbox, TextInput, useWizardForm } from './wizard-fields';

// Length limits of docs/api.md: names 150, address 300, long texts 2000.
const NAME = 150;
const LONG = 2000;

/** Today as 'yyyy-mm-dd' in the visitor's time zone: the latest date of birth the picker offers. */
function today(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
}

function AccountStep() {
  return (
    <>
      <TextInput name="full_name" autoComplete="name" maxLength={NAME} />
      <TextInput name="email" type="email" autoComplete="email" maxLength={254} />
      <TextInput name="phone" type="tel" autoComplete="tel" maxLength={30} hint />
    </>
  );
}

/** Who applies: a person gives a birth date and gender, an institution the person who speaks for it. */
function PersonalStep() {
  const { values } = useWizardForm();
  return (
    <>
      <ChoiceGroup name="membership_type" choices={MEMBERSHIP_TYPES} hint />
      {values.membership_type === 'Institutional' ? (
        <>
          <TextInput name="contact_person_name" autoComplete="name" maxLength={NAME} hint />
          <TextInput name="contact_person_role" autoComplete="organization-title" maxLength={NAME} />
        </>
      ) : (
        <>
          <TextInput name="date_of_birth" type="date" autoComplete="bday" max={today()} />
          <ChoiceGroup name="gender" choices={GENDERS} />
        </>
      )}
      <TextInput name="nationality" maxLength={NAME} />
      <TextInput name="address" multiline autoComplete="street-address" maxLength={300} />
    </>
  );
}

function ProfessionalStep() {
  return (
    <>
      <TextInput name="occupation" autoComplete="organization-title" maxLength={NAME} />
      <TextInput name="organization" autoComplete="organization" maxLength={NAME} />
      <TextInput
        name="experience_years"
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_EXPERIENCE_YEARS}
        step={1}
        hint
      />
      <TextInput name="preferred_communication_language" maxLength={NAME} hint />
      <TextInput name="skills" multiline maxLength={LONG} hint />
      <TextInput name="certifications" multiline maxLength={LONG} />
    </>
  );
}

function MembershipStep() {
  return (
    <>
      <ChoiceGroup name="areas_of_interest" choices={AREAS_OF_INTEREST} hint />
      <TextInput name="reason_for_joining" multiline maxLength={LONG} />
    </>
  );
}

/** The fee of the type chosen on the previous step and where to pay it, from GET /api/config/. */
function MembershipFee() {
  const { t } = useTranslation('membership');
  const { values } = useWizardForm();
  const { data: config } = useGetSiteConfigQuery(undefined);
  if (!config) return null;
  const type = values.membership_type;
  const fee = type ? config.membership_fees[type] : null;
  const pay = config.payment;
  return (
    <section className="wizard-privacy wizard-fee" aria-labelledby="membership-fee-heading">
      <h3 id="membership-fee-heading">{t('fee.heading')}</h3>
      {config.demo && (
        <p className="wizard-fee__demo">
          <strong>{t('fee.demo')}</strong>
        </p>
      )}
      {fee === null || fee === undefined ? (
        <p>{t('fee.chooseType')}</p>
      ) : (
        <p>
          <strong>{t('fee.amount', { type: t(`choices.membership_type.${type}`), amount: formatPrice(fee) })}</strong>
        </p>
      )}
      {!!fee && (
        <>
          <p>{t('fee.mobileMoney', { number: pay.mobile_money_number, name: pay.mobile_money_name })}</p>
          <p>{t('fee.bank', { bank: pay.bank_name, account: pay.bank_account, holder: pay.bank_account_name })}</p>
          <p>{t('fee.reference')}</p>
        </>
      )}
    </section>
  );
}

function PaymentStep() {
  const { t } = useTranslation('membership');
  return (
    <>
      <MembershipFee />
      <ChoiceGroup name="payment_method" choices={PAYMENT_METHODS} />
      <section className="wizard-privacy" aria-labelledby="membership-privacy-heading">
        <h3 id="membership-privacy-heading">{t('privacy.heading')}</h3>
        <p>{t('privacy.purpose')}</p>
        <p>{t('privacy.retention')}</p>
        <p>
          {t('privacy.erasure')} <Link to="/contact">{t('privacy.contactLink')}</Link>.
        </p>
      </section>
      <TermsCheckbox />
    </>
  );
}

/** The fields of each step, in the order of STEPS. */
export const STEP_CONTENT: readonly ComponentType[] = [
  AccountStep,
  PersonalStep,
  ProfessionalStep,
  MembershipStep,
  PaymentStep,
];
