import { PagePlaceholder } from '../../../components/page-placeholder';
import { useTranslation } from '../../../lib/use-translation';

export function ContentAdminPage() {
  const { t } = useTranslation('content-admin');
  return <PagePlaceholder title={t('title')} />;
}
