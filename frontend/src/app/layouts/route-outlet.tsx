import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { ErrorBoundary } from '../../components/error-boundary';
import { PageSkeleton } from '../../components/page-skeleton';

/**
 * A layout's child route: a page-shaped skeleton while its chunk loads (a screen tall, so the
 * footer does not jump when the page arrives), a friendly message if it breaks.
 */
export function RouteOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
