import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { PagePlaceholder } from '../../../components/page-placeholder';

/** /dashboard/create-event and /dashboard/edit-event/:eventId. */
export function EventFormPage() {
  const { t } = useTranslation();
  const { eventId } = useParams();
  return <PagePlaceholder title={t(eventId ? 'pages.editEvent' : 'pages.createEvent')} />;
}
