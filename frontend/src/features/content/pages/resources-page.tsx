import { PagePlaceholder } from '../../../components/page-placeholder';
import { useTranslation } from '../../../lib/use-translation';

export function ResourcesPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('pages.resources')} />;
}
