import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { ErrorBoundary } from '../../components/error-boundary';
import { Spinner } from '../../components/spinner';

/** A layout's child route: a spinner while its chunk loads, a friendly message if it breaks. */
export function RouteOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
