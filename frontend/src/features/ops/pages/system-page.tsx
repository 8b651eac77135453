import { PagePlaceholder } from '../../../components/page-placeholder';
import { useTranslation } from '../../../lib/use-translation';

export function SystemPage() {
  const { t } = useTranslation('system');
  return <PagePlaceholder title={t('title')} />;
}
