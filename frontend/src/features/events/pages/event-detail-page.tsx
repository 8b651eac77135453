import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { PagePlaceholder } from '../../../components/page-placeholder';

/** /event/:id, and the bare /event. */
export function EventDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <PagePlaceholder title={t(id ? 'pages.eventDetail' : 'pages.event')} />;
}
