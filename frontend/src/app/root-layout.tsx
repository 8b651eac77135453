import { RouteOutlet } from './layouts/route-outlet';
import { ScrollRestoration } from './layouts/scroll-restoration';

/**
 * Wraps every route: an error boundary (in RouteOutlet) and scroll restoration. Toasts belong to
 * the admin area (DashboardLayout); the public pages report outcomes next to the form.
 */
export function RootLayout() {
  return (
    <>
      <RouteOutlet />
      <ScrollRestoration />
    </>
  );
}
