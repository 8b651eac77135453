import { useRouteError } from 'react-router-dom';

import { ErrorMessage } from '../components/error-boundary';

/** Shown when the router itself fails (e.g. a page's code could not be downloaded). */
export function RouteError() {
  const error = useRouteError();
  console.error('Route failed', error);
  return (
    <main className="page page--narrow">
      <ErrorMessage onRetry={() => window.location.reload()} />
    </main>
  );
}
