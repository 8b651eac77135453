import { ToastRegion } from '../components/toast-region';
import { RouteOutlet } from './layouts/route-outlet';
import { ScrollRestoration } from './layouts/scroll-restoration';

/** Wraps every route: an error boundary (in RouteOutlet), toasts and scroll restoration. */
export function RootLayout() {
  return (
    <>
      <RouteOutlet />
      <ToastRegion />
      <ScrollRestoration />
    </>
  );
}
