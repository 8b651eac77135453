import { useState } from 'react';

import { useToast } from '../../../components/use-toast';
import { failureSentence } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/use-translation';

/**
 * A row's retry button: which row's call is on its way, and a toast with the outcome (the
 * server's sentence when it refuses, e.g. a row that is no longer failed).
 */
export function useRetry(call: (id: number) => { unwrap: () => Promise<unknown> }) {
  const { t } = useTranslation('system');
  const toast = useToast();
  const [busyId, setBusyId] = useState<number | null>(null);

  async function retry(id: number, success: string) {
    // A second click while the first call is on its way does nothing.
    if (busyId !== null) return;
    setBusyId(id);
    try {
      await call(id).unwrap();
      toast.success(success);
    } catch (error) {
      toast.error(
        failureSentence(error, {
          noResponse: t('failure.noResponse'),
          invalidResponse: t('failure.invalidResponse'),
          refused: t('failure.refused'),
          failure: t('failure.failure'),
        }),
      );
    } finally {
      setBusyId(null);
    }
  }
  return { busyId, retry };
}
