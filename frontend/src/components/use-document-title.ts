import { useEffect } from 'react';

import { useTranslation } from '../lib/use-translation';

/** Sets the browser tab's title to '<page> | <short name>'. */
export function useDocumentTitle(pageTitle: string) {
  const { t } = useTranslation();
  const suffix = t('site.shortName');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${suffix}` : suffix;
  }, [pageTitle, suffix]);
}
