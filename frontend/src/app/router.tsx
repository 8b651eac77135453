import { BrowserRouter, Navigate, type RouteObject, useRoutes } from 'react-router-dom';

import { PublicLayout } from './layouts/public-layout';
import { page } from './lazy-page';
import { NotFoundPage } from '../components/not-found-page';
import { RootLayout } from './root-layout';

// Public site.
const home = page(() => import('../features/content/pages/home-page'), 'HomePage', ['site']);
const services = page(() => import('../features/content/pages/services-page'), 'ServicesPage', ['site']);
const about = page(() => import('../features/content/pages/about-page'), 'AboutPage', ['site']);
const contact = page(() => import('../features/content/pages/contact-page'), 'ContactPage', ['contact']);
const resources = page(() => import('../features/content/pages/resources-page'), 'ResourcesPage', ['site', 'resources']);
const updates = page(() => import('../features/content/pages/updates-page'), 'UpdatesPage', ['site', 'resources']);
const mentorship = page(
  () => import('../features/content/pages/mentorship-detail-page'),
  'MentorshipDetailPage',
  ['site'],
);
const events = page(() => import('../features/events/pages/events-page'), 'EventsPage', ['events']);
const eventDetail = page(() => import('../features/events/pages/event-detail-page'), 'EventDetailPage', [
  'events',
  'event-detail',
]);
const ticket = page(() => import('../features/events/pages/ticket-page'), 'TicketPage', ['event-detail', 'ticket']);
const pastEvents = page(() => import('../features/events/pages/past-events-page'), 'PastEventsPage', ['events']);
const registration = page(
  () => import('../features/registrations/pages/registration-page'),
  'RegistrationPage',
  ['events', 'registration'],
);
const myRegistration = page(
  () => import('../features/registrations/pages/my-registration-page'),
  'MyRegistrationPage',
  ['events', 'registration'],
);
const membership = page(() => import('../features/members/pages/membership-page'), 'MembershipPage', [
  'membership',
]);
const verify = page(() => import('../features/members/pages/verify-page'), 'VerifyPage', ['verify']);
// A member's own page (the e-mailed sign-in link's #token=…): its own chunk.
const myMembership = page(() => import('../features/members/pages/my-membership-page'), 'MyMembershipPage', [
  'membership',
]);
// The interpreter directory (features/interpreting): its own chunk, the map in another.
const interpreters = page(() => import('../features/interpreting/pages/interpreters-page'), 'InterpretersPage', [
  'interpreting',
]);
// Interpreter requests (docs/interpreting.md, Requests): the form, the e-mailed links, the counts.
const requestInterpreter = page(() => import('../features/interpreting/pages/request-page'), 'RequestPage', ['interpreting']);
const interpreterOffer = page(() => import('../features/interpreting/pages/offer-page'), 'OfferPage', ['interpreting']);
const interpreterRequestCancel = page(() => import('../features/interpreting/pages/cancel-page'), 'CancelPage', ['interpreting']);
const interpretingSummary = page(() => import('../features/interpreting/pages/summary-page'), 'SummaryPage', ['interpreting']);
const privacy = page(() => import('../features/privacy/pages/privacy-page'), 'PrivacyPage', ['privacy']);

// Admin area: none of it is in the public bundle.
const adminLogin = page(() => import('../features/auth/pages/admin-login-page'), 'AdminLoginPage', ['auth']);
const resetPassword = page(
  () => import('../features/auth/pages/reset-password-page'),
  'ResetPasswordPage',
  ['auth'],
);
// The admin area's own route table, guard and frame load with the first /dashboard visit.
const dashboard = page(() => import('./dashboard-routes'), 'DashboardRoutes');

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
          { path: 'events/past', element: pastEvents },
          { path: 'about', element: about },
          { path: 'contact', element: contact },
          { path: 'registration', element: registration },
          // The link of a registrant's first e-mail (#token=…, a fragment servers never log).
          { path: 'my-registration', element: myRegistration },
          // The old static conference page: its made-up programme is gone; the events are real.
          { path: 'event', element: <Navigate to="/events" replace /> },
          { path: 'event/:id', element: eventDetail },
          // A confirmed seat's ticket, the link (and QR code) of its e-mails: no account needed.
          { path: 'ticket/:code', element: ticket },
          { path: 'membership', element: membership },
          // What a membership card's QR code opens (later a certificate's): anyone may check it.
          { path: 'verify/:code', element: verify },
          // With /my-membership/email, the link that confirms a member's new address (#token=…):
          // one route for both, answered by the page's own chunk (fewer bytes on every visit).
          { path: 'my-membership/:part?', element: myMembership },
          { path: 'mentorshipdetail', element: mentorship },
          { path: 'privacy', element: privacy },
          { path: 'interpreters', element: interpreters },
          // Interpreter requests: the e-mailed links carry their token in the fragment (#token=…).
          { path: 'request-interpreter', element: requestInterpreter },
          { path: 'interpreter-offer', element: interpreterOffer },
          { path: 'interpreter-request/cancel', element: interpreterRequestCancel },
          { path: 'interpreting', element: interpretingSummary },
          // Paths match whatever the capitals: /resources and /updates reach the same pages.
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
      { path: 'dashboard/*', element: dashboard },
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
