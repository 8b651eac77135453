import { ToastRegion } from '../components/toast-region';
import { RouteOutlet } from './layouts/route-outlet';
import { ScrollRestoration } from './layouts/scroll-restoration';

/**
 * Wraps every route: an error boundary (in RouteOutlet), scroll restoration, and the one place
 * toasts appear (the admin area's, and the registration page's of SPEC §8).
 */
export function RootLayout() {
  return (
    <>
      <RouteOutlet />
      <ScrollRestoration />
      <ToastRegion />
    </>
  );
}
