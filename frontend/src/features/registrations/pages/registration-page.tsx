import { useTranslation } from 'react-i18next';

import { PagePlaceholder } from '../../../components/page-placeholder';

export function RegistrationPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.registration')} />;
}
