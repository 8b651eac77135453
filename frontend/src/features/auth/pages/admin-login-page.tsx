import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '../../../components/page-placeholder';

export function AdminLoginPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.adminLogin')} />;
}
