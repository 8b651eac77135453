import { useTranslation } from '../../../lib/use-translation';
import type { ApprovalStatus } from '../admin-api';

/** An approval status as a coloured label; the word is always there, so colour is never the only cue. */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation('members-admin');
  return (
    <span className={`approval-badge approval-badge--${status.toLowerCase()}`}>{t(`approvalStatus.${status}`)}</span>
  );
}
