import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { Field } from '../../../components/field';
import { PageHeading } from '../../../components/page-heading';
import { Pagination } from '../../../components/pagination';
import { DISTRICTS, LANGUAGES, SETTINGS, languageLabel, settingLabel } from '../../../lib/interpreting';
import { useTranslation } from '../../../lib/use-translation';
import { type DirectoryFilters, useGetInterpreterDistrictsQuery, useGetInterpretersQuery } from '../api';
import { DistrictList } from '../components/district-list';
import { InterpreterCard } from '../components/interpreter-card';
import '../components/interpreting.css';

// Leaflet is only fetched with the map's own chunk, once the visitor scrolls near the map.
const DistrictMap = lazy(async () => ({ default: (await import('../components/district-map')).DistrictMap }));

/** True once the element is within a quarter screen of the viewport (at once without
 * IntersectionObserver): a first visit that never scrolls down never fetches Leaflet. */
function useNearViewport() {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: '25% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element]);
  return [setElement, near] as const;
}

const FILTERS = ['language', 'district', 'setting'] as const;
type FilterName = (typeof FILTERS)[number];

function pageFrom(value: string | null): number {
  return value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : 1;
}

/** /interpreters: the association's opt-in directory, searched by language, district and setting. */
export function InterpretersPage() {
  const { t } = useTranslation(['interpreting', 'common']);
  const [params, setParams] = useSearchParams();
  const filters: DirectoryFilters = { page: pageFrom(params.get('page')) };
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const { data, isLoading, isError, isFetching } = useGetInterpretersQuery(filters);
  const { data: districts } = useGetInterpreterDistrictsQuery(undefined);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const [watchMapArea, mapNear] = useNearViewport();

  useEffect(() => {
    if (moved.current && data && !isFetching) resultsHeading.current?.focus();
  }, [data, isFetching]);

  function setFilter(name: FilterName, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  }

  function chooseDistrict(district: string) {
    moved.current = true;
    setFilter('district', district);
  }

  function goTo(page: number) {
    moved.current = true;
    const next = new URLSearchParams(params);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    setParams(next);
  }

  const options: Record<FilterName, { value: string; label: string }[]> = {
    language: LANGUAGES.map((value) => ({ value, label: languageLabel(t, value) })),
    district: DISTRICTS.map((value) => ({ value, label: value })),
    setting: SETTINGS.map((value) => ({ value, label: settingLabel(t, value) })),
  };

  let body;
  if (isLoading) {
    body = (
      <p className="interpreters-page__state" role="status">
        {t('directory.loading')}
      </p>
    );
  } else if (isError || !data) {
    body = (
      <p className="notice notice--error" role="alert">
        {t('directory.error')}
      </p>
    );
  } else if (data.results.length === 0) {
    body = <p className="interpreters-page__state">{t('directory.none')}</p>;
  } else {
    body = (
      <>
        <ul className="plain-list interpreters-page__list" aria-busy={isFetching}>
          {data.results.map((interpreter) => (
            <li key={interpreter.id}>
              <InterpreterCard interpreter={interpreter} />
            </li>
          ))}
        </ul>
        <Pagination page={data.page} totalPages={data.total_pages} onPageChange={goTo} label={t('directory.pagination')} />
      </>
    );
  }

  return (
    <section className="page interpreters-page">
      <PageHeading title={t('directory.title')}>
        <p>{t('directory.lead')}</p>
      </PageHeading>
      <form className="interpreters-page__filters" role="search" aria-label={t('directory.filters')} onSubmit={(event) => event.preventDefault()}>
        {FILTERS.map((name) => (
          <Field key={name} id={`interpreters-${name}`} label={t(`directory.filter.${name}`)}>
            {(control) => (
              <select {...control} name={name} value={filters[name] ?? ''} onChange={(event) => setFilter(name, event.target.value)}>
                <option value="">{t(`directory.filter.any.${name}`)}</option>
                {options[name].map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ))}
        {FILTERS.some((name) => filters[name]) && (
          <button type="button" className="button button--secondary interpreters-page__clear" onClick={() => setParams({})}>
            {t('directory.clear')}
          </button>
        )}
      </form>
      <h2 className="interpreters-page__found" tabIndex={-1} ref={resultsHeading} aria-live="polite">
        {data ? t('directory.found', { count: data.count }) : t('directory.resultsHeading')}
      </h2>
      {body}
      <section className="interpreters-page__districts" aria-labelledby="interpreters-by-district">
        <h2 id="interpreters-by-district">{t('directory.byDistrict')}</h2>
        <p>{t('directory.byDistrictLead')}</p>
        {districts && (
          <div className="interpreters-page__map-and-list">
            <div className="district-map__area" ref={watchMapArea}>
              {mapNear && (
                <Suspense
                  fallback={
                    <p className="district-map__state" role="status">
                      {t('directory.map.loading')}
                    </p>
                  }
                >
                  <DistrictMap districts={districts} onSelect={chooseDistrict} />
                </Suspense>
              )}
            </div>
            <DistrictList districts={districts} selected={filters.district} onSelect={chooseDistrict} />
          </div>
        )}
      </section>
    </section>
  );
}
