import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '../../../components/page-placeholder';

export function RegistrationsOverviewPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.registrations')} />;
}
