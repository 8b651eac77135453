import { useState } from 'react';

import { csvBlob, saveFile } from '../../../lib/save-file';
import { useTranslation } from '../../../lib/use-translation';
import { useExportCpdHoursMutation } from '../api';

/** CPD hours per member per year as the server's CSV (every year; revoked credits not counted). */
export function CpdHoursExport() {
  const { t } = useTranslation('reports');
  const [exportCsv, { isLoading }] = useExportCpdHoursMutation();
  const [failed, setFailed] = useState(false);

  async function download() {
    setFailed(false);
    try {
      saveFile(csvBlob(await exportCsv(undefined).unwrap()), 'cpd-hours.csv');
    } catch (failure) {
      console.error('Downloading the CPD report failed', failure);
      setFailed(true);
    }
  }

  return (
    <>
      <button type="button" className="button button--secondary reports__export" onClick={() => void download()} disabled={isLoading}>
        {isLoading ? t('cpd.preparing') : t('cpd.export')}
      </button>
      {failed && (
        <p className="notice notice--error" role="alert">
          {t('cpd.failed')}
        </p>
      )}
    </>
  );
}
