import { PagePlaceholder } from '../../../components/page-placeholder';
import { useTranslation } from '../../../lib/use-translation';

export function MembershipPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.membership')} />;
}
