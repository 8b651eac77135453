import { useEffect, useState } from 'react';

import type { Schemas } from '../lib/api-types';
import { formatDate } from '../lib/format-date';
import { settingLabel } from '../lib/interpreting';
import { useTranslation } from '../lib/use-translation';

type MyInterpreting = Schemas['MyInterpretingOut'];

/** GET /api/my-membership/interpreting/ with the member's token. */
async function fetchMyInterpreting(access: string): Promise<MyInterpreting> {
  const response = await fetch(new URL('/api/my-membership/interpreting/', window.location.origin).href, {
    headers: { Authorization: `Bearer ${access}` },
  });
  if (!response.ok) throw new Error(`my-membership/interpreting answered ${response.status}`);
  return (await response.json()) as MyInterpreting;
}

/**
 * (Interpreter requests, docs/interpreting.md: here, not in features/interpreting, so that the
 * members feature may mount it.) The member's interpreting hours (apart from CPD) per year and their assignments, on their own
 * page; nothing at all for a member who never accepted an assignment.
 */
export function MyInterpretingPanel({ access }: { access: string }) {
  const { t } = useTranslation('interpreting');
  const [data, setData] = useState<MyInterpreting | null>(null);

  useEffect(() => {
    let mounted = true;
    fetchMyInterpreting(access)
      .then((found) => {
        if (mounted) setData(found);
      })
      .catch((failure: unknown) => console.error('Loading the interpreting hours failed', failure));
    return () => {
      mounted = false;
    };
  }, [access]);

  if (!data || (data.years.length === 0 && data.assignments.length === 0)) return null;
  return (
    <section className="card my-membership__panel" aria-labelledby="my-membership-interpreting">
      <h2 id="my-membership-interpreting">{t('myInterpreting.heading')}</h2>
      <p>{t('myInterpreting.intro')}</p>
      <ul className="plain-list">
        {data.years.map((year) => (
          <li key={year.year}>{t('myInterpreting.year', { year: year.year, hours: year.hours, count: year.assignments })}</li>
        ))}
      </ul>
      {data.assignments.length > 0 && (
        <>
          <h3>{t('myInterpreting.assignments')}</h3>
          <ul className="plain-list">
            {data.assignments.map((assignment, index) => (
              <li key={`${assignment.date}-${assignment.start_time}-${index}`}>
                {formatDate(assignment.date, 'long')}, {assignment.start_time.slice(0, 5)} · {settingLabel(t, assignment.setting)} ·{' '}
                {assignment.mode === 'remote' ? t('request.modes.remote') : assignment.district} · {t(`staffRequests.status.${assignment.status}`)}
                {assignment.hours !== null && ` · ${t('myInterpreting.hours', { hours: assignment.hours })}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
