import { EmptyState } from '../../../components/empty-state';
import { useTranslation } from '../../../lib/use-translation';
import type { ReportView } from '../views';
import { BarChart } from './bar-chart';
import { ReportTable } from './report-table';

/** One report: its totals, then its chart and table (or why there are none). */
export function ReportPanel({ view, definitions }: { view: ReportView; definitions?: string }) {
  const { t } = useTranslation('reports');
  return (
    <>
      <h2 className="visually-hidden">{t('figures')}</h2>
      <dl className="report-figures">
        {view.figures.map((figure) => (
          <div key={figure.key} className="report-figures__item">
            <dt>{figure.label}</dt>
            <dd className="report-figures__value">{figure.value}</dd>
            {figure.note && <dd className="report-figures__note">{figure.note}</dd>}
          </div>
        ))}
      </dl>
      {definitions && <p className="reports__definitions">{definitions}</p>}
      {view.empty ? (
        <EmptyState title={view.empty} />
      ) : (
        <>
          {view.chart && <BarChart chart={view.chart} />}
          <ReportTable table={view.table} />
          {view.note && <p className="reports__note">{view.note}</p>}
        </>
      )}
    </>
  );
}
