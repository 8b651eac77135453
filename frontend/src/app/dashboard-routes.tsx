import { type RouteObject, useRoutes } from 'react-router-dom';

import { page } from './lazy-page';

// The guard is a small chunk of its own: an anonymous visitor is sent to sign in before the
// frame and the pages are fetched.
const requireAdmin = page(() => import('./require-admin'), 'RequireAdmin', ['dashboard']);
const dashboardLayout = page(() => import('./layouts/dashboard-layout'), 'DashboardLayout', ['dashboard']);
const dashboardHome = page(
  () => import('../features/dashboard/pages/dashboard-home-page'),
  'DashboardHomePage',
  ['dashboard-home'],
);
const eventsAdmin = page(() => import('../features/events/pages/events-admin-page'), 'EventsAdminPage', [
  'events-admin',
  'events',
]);
const eventForm = page(() => import('../features/events/pages/event-form-page'), 'EventFormPage', [
  'events-admin',
  'events',
  'signed-videos',
]);
const members = page(() => import('../features/members/pages/members-page'), 'MembersPage', ['members-admin']);
const registrationsOverview = page(
  () => import('../features/registrations/pages/registrations-overview-page'),
  'RegistrationsOverviewPage',
  ['registrations-admin', 'events-admin', 'events'],
);
const eventRegistrations = page(
  () => import('../features/registrations/pages/event-registrations-page'),
  'EventRegistrationsPage',
  ['registrations-admin', 'events-admin', 'events'],
);
const paymentDesk = page(() => import('../features/payments/pages/payment-desk-page'), 'PaymentDeskPage', [
  'registrations-admin',
  'membership',
]);
// The door's screen: its own frame (a phone in one hand), no sidebar.
const checkin = page(() => import('../features/checkin/pages/checkin-page'), 'CheckinPage', [
  'checkin',
  'registrations-admin',
]);
// Where the installed door app opens (the manifest's start_url): the last event's screen.
const checkinStart = page(() => import('../features/checkin/pages/checkin-page'), 'CheckinStart', ['checkin']);
const settings = page(() => import('../features/auth/pages/settings-page'), 'SettingsPage', ['auth']);
const profile = page(() => import('../features/auth/pages/profile-page'), 'ProfilePage', ['auth', 'dashboard']);
const reports = page(() => import('../features/reports/pages/reports-page'), 'ReportsPage', ['reports']);
const contentAdmin = page(
  () => import('../features/content/pages/content-admin-page'),
  'ContentAdminPage',
  ['content-admin', 'resources', 'signed-videos'],
);
const system = page(() => import('../features/ops/pages/system-page'), 'SystemPage', ['system']);
const activity = page(() => import('../features/activity/pages/activity-page'), 'ActivityPage', ['dashboard']);
const staffInterpreters = page(
  () => import('../features/interpreting/pages/staff-interpreters-page'),
  'StaffInterpretersPage',
  ['interpreting'],
);
// The site pages' signed videos (events and updates have theirs on their own edit screens).
const signedVideos = page(() => import('../features/signed-videos/pages/signed-videos-page'), 'SignedVideosPage', [
  'signed-videos',
]);
const personalData = page(() => import('../features/privacy/pages/erase-page'), 'ErasePage', ['privacy-admin']);

const interpreterRequests = page(
  () => import('../features/interpreting/pages/requests-admin-page'),
  'RequestsAdminPage',
  ['interpreting'],
);

/** Everything under /dashboard (SPEC §2), relative to it: the guard, then the frame and its pages. */
const dashboardRoutes: RouteObject[] = [
  {
    element: requireAdmin,
    children: [
      { path: 'checkin', element: checkinStart },
      { path: 'checkin/:eventId', element: checkin },
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
          { path: 'payments', element: paymentDesk },
          { path: 'settings', element: settings },
          { path: 'reports', element: reports },
          { path: 'profile', element: profile },
          { path: 'content', element: contentAdmin },
          { path: 'system', element: system },
          { path: 'privacy', element: personalData },
          { path: 'activity', element: activity },
          { path: 'interpreters', element: staffInterpreters },
          { path: 'interpreting', element: interpreterRequests },
          { path: 'signed-videos', element: signedVideos },
        ],
      },
    ],
  },
];

/** The admin area's routes: a chunk of its own, so the public route table stays small. */
export function DashboardRoutes() {
  return useRoutes(dashboardRoutes);
}
