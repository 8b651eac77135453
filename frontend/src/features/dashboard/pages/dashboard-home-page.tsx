import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '../../../components/page-placeholder';

export function DashboardHomePage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.dashboard')} />;
}
