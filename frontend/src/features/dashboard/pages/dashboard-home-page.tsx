import { PagePlaceholder } from '../../../components/page-placeholder';
import { useTranslation } from '../../../lib/use-translation';

export function DashboardHomePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.dashboard')} />;
}
