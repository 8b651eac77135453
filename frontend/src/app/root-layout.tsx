import { ScrollRestoration } from 'react-router-dom';

import { ToastRegion } from '../components/toast-region';
import { RouteOutlet } from './layouts/route-outlet';

/** Wraps every route: toasts, scroll restoration and a last error boundary. */
export function RootLayout() {
  return (
    <>
      <RouteOutlet />
      <ToastRegion />
      <ScrollRestoration />
    </>
  );
}
