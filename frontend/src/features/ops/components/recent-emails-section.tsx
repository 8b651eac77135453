import { EmptyState } from '../../../components/empty-state';
import { activeLocale } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import type { EmailRow, EmailStatus } from '../api';
import { StatusBadge, type StatusTone } from '../../../components/status-badge';
import { SystemSection } from './system-section';
import { SystemTable } from './system-table';
import { MomentLines } from './moment-lines';

const TONES: Record<EmailStatus, StatusTone> = { queued: 'warn', sending: 'warn', sent: 'good', failed: 'bad' };

/** 'rw' → 'Kinyarwanda' in the reader's language, else the code as it is. */
function languageName(code: string, locale = activeLocale()): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The last 50 stored e-mails, whatever their status (the recipient partly masked by the server). */
export function RecentEmailsSection({ emails }: { emails: EmailRow[] }) {
  const { t } = useTranslation('system');
  return (
    <SystemSection title={t('recentEmails.heading')}>
      {emails.length === 0 ? (
        <EmptyState title={t('recentEmails.none')} />
      ) : (
        <SystemTable
          caption={t('recentEmails.caption')}
          columns={[
            t('recentEmails.columns.time'),
            t('recentEmails.columns.recipient'),
            t('recentEmails.columns.subject'),
            t('recentEmails.columns.template'),
            t('recentEmails.columns.language'),
            t('recentEmails.columns.status'),
          ]}
        >
          {emails.map((email) => (
            <tr key={email.id}>
              <td>
                <MomentLines value={email.sent_at ?? email.created_at} />
              </td>
              <th scope="row">
                <span className="system-table__strong">{email.recipient}</span>
              </th>
              <td className="system-table__wide">{email.subject || t('recentEmails.noSubject')}</td>
              <td>
                <code className="system-table__code">{email.template}</code>
              </td>
              <td>{languageName(email.language)}</td>
              <td>
                <StatusBadge tone={TONES[email.status]}>{t(`recentEmails.status.${email.status}`)}</StatusBadge>
              </td>
            </tr>
          ))}
        </SystemTable>
      )}
    </SystemSection>
  );
}
