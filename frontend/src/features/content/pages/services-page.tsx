import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '../../../components/page-placeholder';

export function ServicesPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.services')} />;
}
