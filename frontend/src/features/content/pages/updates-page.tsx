import { useEffect } from 'react';

import { PageHeading } from '../../../components/page-heading';
import { formatDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/use-translation';
import { SignedVideoButton } from '../../signed-videos/watch-signed-video';
import { useGetUpdatesQuery, type Update } from '../api';
import './content-pages.css';

/** /Updates (SPEC §2): the association's news, newest first. */
export function UpdatesPage() {
  const { t } = useTranslation(['resources', 'common']);
  const { data, isLoading, isError, error } = useGetUpdatesQuery(undefined);

  // SPEC §8: a failure is only logged; the page shows the empty state.
  useEffect(() => {
    if (isError) console.error('Loading the updates failed', error);
  }, [isError, error]);

  let body;
  if (isLoading) {
    body = (
      <p className="content-page__state" role="status">
        {t('updates.loading')}
      </p>
    );
  } else if (isError || !data || data.length === 0) {
    body = <p className="content-page__state">{t('updates.empty')}</p>;
  } else {
    body = (
      <ul className="plain-list content-list">
        {data.map((update) => (
          <UpdateItem key={update.id} update={update} />
        ))}
      </ul>
    );
  }

  return (
    <section className="page page--narrow content-page">
      <PageHeading title={t('updates.title')}>
        <p>{t('updates.lead')}</p>
      </PageHeading>
      {body}
    </section>
  );
}

function UpdateItem({ update }: { update: Update }) {
  const { t } = useTranslation(['resources', 'common']);
  return (
    <li className="card content-item">
      <h2 className="content-item__title">{update.title}</h2>
      <p className="content-item__date">
        <time dateTime={update.date}>{formatDate(update.date)}</time>
      </p>
      <SignedVideoButton video={update.signed_video} />
      {update.description && <p className="content-item__text">{update.description}</p>}
      {update.link && (
        <div className="content-item__footer">
          <a
            className="content-item__more"
            href={update.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('updates.readMoreLabel', { title: update.title })}
          >
            {t('updates.readMore')}
          </a>
        </div>
      )}
    </li>
  );
}
