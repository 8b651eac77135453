import { useEffect } from 'react';

import { PageHeading } from '../../../components/page-heading';
import { useTranslation } from '../../../lib/use-translation';
import { useGetResourcesQuery } from '../api';
import { fileKindKey, formatFileSize } from '../file-kinds';
import { SAMPLE_FILE_TYPE, SAMPLE_RESOURCES } from '../sample-resources';
import './content-pages.css';

interface Shown {
  key: string;
  title: string;
  description: string;
  file: string;
  fileType: string;
  fileSize: number | null;
}

/** /Resources (SPEC §2): the association's documents, each opening in a new tab. */
export function ResourcesPage() {
  const { t } = useTranslation(['resources', 'common']);
  const { data, isLoading, isError, error } = useGetResourcesQuery(undefined);

  // SPEC §8: a failure is only logged; the page shows the empty state.
  useEffect(() => {
    if (isError) console.error('Loading the resources failed', error);
  }, [isError, error]);

  let body;
  if (isLoading) {
    body = (
      <p className="content-page__state" role="status">
        {t('resources.loading')}
      </p>
    );
  } else if (isError || !data) {
    body = <p className="content-page__state">{t('resources.empty')}</p>;
  } else {
    const shown: Shown[] = [
      ...data.map((resource) => ({
        key: `resource-${resource.id}`,
        title: resource.title,
        description: resource.description,
        file: resource.file,
        fileType: resource.file_type,
        fileSize: resource.file_size,
      })),
      ...SAMPLE_RESOURCES.map((sample) => ({
        key: `sample-${sample.key}`,
        title: t(`samples.${sample.key}.title`),
        description: t(`samples.${sample.key}.description`),
        file: sample.file,
        fileType: SAMPLE_FILE_TYPE,
        fileSize: null,
      })),
    ];
    body = (
      <ul className="plain-list content-list">
        {shown.map((item) => (
          <ResourceItem key={item.key} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <section className="page page--narrow content-page">
      <PageHeading title={t('resources.title')}>
        <p>{t('resources.lead')}</p>
      </PageHeading>
      {body}
    </section>
  );
}

function ResourceItem({ item }: { item: Shown }) {
  const { t } = useTranslation(['resources', 'common']);
  const kind = fileKindKey(item.fileType);
  const meta = item.fileType
    ? [kind ? t(`fileTypes.${kind}`) : '', formatFileSize(item.fileSize)].filter(Boolean).join(' · ')
    : t('resources.externalLink');
  return (
    <li className="card content-item">
      <h2 className="content-item__title">{item.title}</h2>
      {item.description && <p className="content-item__text">{item.description}</p>}
      <div className="content-item__footer">
        {meta && <span className="content-item__meta">{meta}</span>}
        <a
          className="button button--secondary content-item__link"
          href={item.file}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('resources.viewDocumentLabel', { title: item.title })}
        >
          {t('resources.viewDocument')}
        </a>
      </div>
    </li>
  );
}
