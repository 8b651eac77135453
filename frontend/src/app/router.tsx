import { lazy, type ComponentType } from 'react';
import { BrowserRouter, type RouteObject, useRoutes } from 'react-router-dom';

import { loadNamespaces, type Namespace } from '../lib/i18n';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';

/**
 * React.lazy for a module's named export: every page is its own chunk, and it renders once
 * its texts (i18n namespaces beyond `common`) have arrived too, so no key ever shows.
 */
function page<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  namespaces: readonly Namespace[] = [],
) {
  const Page = lazy(async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { default: module[name] as ComponentType };
  });
  return <Page />;
}

// Public site.
const home = page(() => import('../features/content/pages/home-page'), 'HomePage');
const services = page(() => import('../features/content/pages/services-page'), 'ServicesPage');
const about = page(() => import('../features/content/pages/about-page'), 'AboutPage');
const contact = page(() => import('../features/content/pages/contact-page'), 'ContactPage', ['contact']);
const resources = page(() => import('../features/content/pages/resources-page'), 'ResourcesPage');
const updates = page(() => import('../features/content/pages/updates-page'), 'UpdatesPage');
const mentorship = page(
  () => import('../features/content/pages/mentorship-detail-page'),
  'MentorshipDetailPage',
);
const events = page(() => import('../features/events/pages/events-page'), 'EventsPage', ['events']);
const eventDetail = page(() => import('../features/events/pages/event-detail-page'), 'EventDetailPage', ['events']);
const conference = page(() => import('../features/events/pages/conference-page'), 'ConferencePage', ['events']);
const registration = page(
  () => import('../features/registrations/pages/registration-page'),
  'RegistrationPage',
);
const membership = page(() => import('../features/members/pages/membership-page'), 'MembershipPage');

// Admin area: none of it is in the public bundle.
const adminLogin = page(() => import('../features/auth/pages/admin-login-page'), 'AdminLoginPage', ['auth']);
const resetPassword = page(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
  ['auth'],
);
// The guard is a small chunk of its own: an anonymous visitor is sent to sign in before the
// frame and the pages are fetched.
const requireAdmin = page(() => import('./require-admin'), 'RequireAdmin', ['dashboard']);
const dashboardLayout = page(() => import('./layouts/dashboard-layout'), 'DashboardLayout', ['dashboard']);
const dashboardHome = page(
  () => import('../features/dashboard/pages/dashboard-home-page'),
  'DashboardHomePage',
);
const eventsAdmin = page(() => import('../features/events/pages/events-admin-page'), 'EventsAdminPage', ['events-admin', 'events']);
const eventForm = page(() => import('../features/events/pages/event-form-page'), 'EventFormPage', ['events-admin', 'events']);
const members = page(() => import('../features/members/pages/members-page'), 'MembersPage');
const registrationsOverview = page(
  () => import('../features/registrations/pages/registrations-overview-page'),
  'RegistrationsOverviewPage',
);
const eventRegistrations = page(
  () => import('../features/registrations/pages/event-registrations-page'),
  'EventRegistrationsPage',
);
const settings = page(() => import('../features/auth/pages/settings-page'), 'SettingsPage', ['auth']);
const profile = page(() => import('../features/auth/pages/profile-page'), 'ProfilePage', ['auth', 'dashboard']);
const reports = page(() => import('../features/reports/pages/reports-page'), 'ReportsPage');

/**
 * Every route of SPEC §2. Exported so tests can mount them in a memory router. Nothing here
 * needs a data router (loaders, actions): the app runs in the lighter declarative mode.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: home },
          { path: 'services', element: services },
          { path: 'events', element: events },
          { path: 'about', element: about },
          { path: 'contact', element: contact },
          { path: 'registration', element: registration },
          { path: 'event', element: conference },
          { path: 'event/:id', element: eventDetail },
          { path: 'membership', element: membership },
          { path: 'mentorshipdetail', element: mentorship },
          { path: 'Resources', element: resources },
          { path: 'Updates', element: updates },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: 'adminlogin', element: adminLogin },
      // E-mailed links carry the token in the fragment (#token=...), which servers never log;
      // the path form stays for links sent before that.
      { path: 'reset-password', element: resetPassword },
      { path: 'reset-password/:token', element: resetPassword },
      {
        path: 'dashboard',
        element: requireAdmin,
        children: [
          {
            element: dashboardLayout,
            children: [
              { index: true, element: dashboardHome },
              { path: 'events', element: eventsAdmin },
              { path: 'create-event', element: eventForm },
              { path: 'edit-event/:eventId', element: eventForm },
              { path: 'members', element: members },
              { path: 'registrations', element: registrationsOverview },
              { path: 'registrations/:eventId', element: eventRegistrations },
              { path: 'settings', element: settings },
              { path: 'reports', element: reports },
              { path: 'profile', element: profile },
            ],
          },
        ],
      },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/** The app in the browser's address bar. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
