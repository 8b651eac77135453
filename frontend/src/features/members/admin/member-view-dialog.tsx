import { useState, type ReactNode } from 'react';

import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { dateAndTime, formatDate } from '../../../lib/format-date';
import type { TFunction } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import {
  type Member,
  type MemberRecord,
  type RenewalNotice,
  useGetMemberCardMutation,
  useGetMemberDataMutation,
} from '../admin-api';
import { saveObjectUrl } from '../../../lib/save-file';
import { StatusBadge } from '../../../components/status-badge';
import { MembershipYear, memberName } from './members-table';
import { mailtoHref } from '../../../lib/mailto';
import { HistorySection } from '../../../components/history-section';
import { MemberCpdSection } from './member-cpd-section';

/** Gender as staff read it, with what the applicant declared when that says more (SPEC §3). */
export function genderText(member: Pick<Member, 'gender' | 'gender_declared'>, t: TFunction): string {
  const reading = member.gender ? t(`gender.${member.gender}`) : t('view.notGiven');
  const declared = member.gender_declared;
  if (!declared || declared === member.gender) return reading;
  return t('view.genderDeclared', { reading, declared: t(`gender.${declared}`, { defaultValue: declared }) });
}

/** The applicant's consent to the terms, with its date when recorded. */
function consentText(member: Member, t: TFunction): string {
  const on = formatDate(member.terms_accepted_at);
  if (on) return t('view.consentOn', { date: on });
  return t(member.agree_to_terms ? 'view.consentUndated' : 'view.noConsent');
}

/**
 * The renewal notices that went out, the first first: which one and when its e-mail was queued
 * (docs/members.md "Renewal notices").
 */
function RenewalNotices({ notices, t }: { notices: RenewalNotice[]; t: TFunction }) {
  if (notices.length === 0) return <>{t('view.noNotices')}</>;
  return (
    <ul className="member-details__list">
      {notices.map((notice) => {
        const { date, time } = dateAndTime(notice.sent_at);
        return (
          <li key={`${notice.kind} ${notice.sent_at}`}>
            {t('view.noticeSent', { kind: t(`notice.${notice.kind}`), date, time })}
          </li>
        );
      })}
    </ul>
  );
}

type Row = [term: string, value: ReactNode];

function Section({ title, rows }: { title: string; rows: Row[] }) {
  return (
    <section className="member-details__section">
      <h3 className="member-details__heading">{title}</h3>
      <dl className="member-details">
        {rows.map(([term, value]) => (
          <div key={term} className="member-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

interface Props {
  member: MemberRecord;
  onClose: () => void;
  onEdit: () => void;
}

/** Everything known about a member (SPEC §2's view modal), their consent included. */
export function MemberViewDialog({ member, onClose, onEdit }: Props) {
  const { t } = useTranslation('members-admin');
  const text = (value: string | null | undefined) => (value?.trim() ? value : t('view.notGiven'));
  const interests = member.areas_of_interest.map((interest) => t(`interest.${interest}`, { defaultValue: interest }));
  const [getCard, { isLoading: cardLoading }] = useGetMemberCardMutation();
  const [getData, { isLoading: dataLoading }] = useGetMemberDataMutation();
  const [failed, setFailed] = useState<'card' | 'data' | null>(null);

  async function downloadCard() {
    setFailed(null);
    try {
      saveObjectUrl(await getCard(member.id).unwrap(), `membership-card-${member.id}.pdf`);
    } catch (failure) {
      console.error('Downloading the membership card failed', failure);
      setFailed('card');
    }
  }

  // A member who asks for a copy of their data by letter or at the desk (recorded in the trail).
  async function downloadData() {
    setFailed(null);
    try {
      saveObjectUrl(await getData(member.id).unwrap(), `member-${member.id}.json`);
    } catch (failure) {
      console.error("Downloading the member's data failed", failure);
      setFailed('data');
    }
  }

  return (
    <Modal
      title={memberName(member)}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('view.close')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void downloadData()} disabled={dataLoading}>
            {dataLoading ? t('view.cardPreparing') : t('view.data')}
          </button>
          {member.approval_status === 'Approved' && (
            <button type="button" className="button button--secondary" onClick={() => void downloadCard()} disabled={cardLoading}>
              {cardLoading ? t('view.cardPreparing') : t('view.card')}
            </button>
          )}
          <button type="button" className="button button--primary" onClick={onEdit} aria-haspopup="dialog">
            {t('view.edit')}
          </button>
        </>
      }
    >
      <FormMessage
        message={failed ? { kind: 'error', text: t(failed === 'card' ? 'view.cardFailed' : 'view.dataFailed') } : null}
      />
      <div className="member-view">
        <Section
          title={t('view.sections.personal')}
          rows={[
            [t('fields.full_name'), text(member.full_name)],
            [t('fields.email'), <a href={mailtoHref(member.email)}>{member.email}</a>],
            [t('fields.phone'), text(member.phone)],
            // An institution names its contact person instead of a birth date and gender.
            ...(member.membership_type === 'Institutional'
              ? ([
                  [t('fields.contact_person_name'), text(member.contact_person_name)],
                  [t('fields.contact_person_role'), text(member.contact_person_role)],
                ] satisfies Row[])
              : ([
                  [t('fields.date_of_birth'), text(formatDate(member.date_of_birth))],
                  [t('fields.gender'), genderText(member, t)],
                ] satisfies Row[])),
            [t('fields.nationality'), text(member.nationality)],
            [t('fields.address'), text(member.address)],
          ]}
        />
        <Section
          title={t('view.sections.professional')}
          rows={[
            [t('fields.occupation'), text(member.occupation)],
            [t('fields.organization'), text(member.organization)],
            [t('fields.experience_years'), t('view.years', { count: member.experience_years })],
            [t('fields.preferred_communication_language'), text(member.preferred_communication_language)],
            [t('fields.skills'), text(member.skills)],
            [t('fields.certifications'), text(member.certifications)],
          ]}
        />
        <Section
          title={t('view.sections.membership')}
          rows={[
            [t('fields.membership_number'), member.membership_number ?? t('view.noNumber')],
            [t('fields.membership_type'), t(`membershipType.${member.membership_type}`, { defaultValue: member.membership_type })],
            [t('fields.approval_status'), <StatusBadge kind="member" status={member.approval_status} />],
            [t('fields.is_active_member'), t(member.is_active_member ? 'view.yes' : 'view.no')],
            [t('fields.standing'), <MembershipYear member={member} />],
            [t('fields.renewal_notices'), <RenewalNotices notices={member.renewal_notices} t={t} />],
            [t('fields.areas_of_interest'), interests.length > 0 ? interests.join(', ') : t('view.notGiven')],
            [t('fields.reason_for_joining'), text(member.reason_for_joining)],
            [
              t('fields.payment_method'),
              member.payment_method ? t(`paymentMethod.${member.payment_method}`) : t('view.notGiven'),
            ],
            [t('fields.transaction_id'), text(member.transaction_id)],
            [t('view.applied'), text(formatDate(member.created_at))],
            [t('view.approved'), text(formatDate(member.approved_at))],
          ]}
        />
        <Section title={t('view.sections.consent')} rows={[[t('view.terms'), consentText(member, t)]]} />
        {member.approval_status === 'Approved' && <MemberCpdSection memberId={member.id} />}
        <HistorySection objectType="member" objectId={member.id} headingLevel={3} />
      </div>
    </Modal>
  );
}
