import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

import { activityBackend } from '../features/activity/mocks/handlers';
import { dashboardBackend } from '../features/dashboard/mocks/handlers';
import { publicEventHandlers } from '../features/events/mocks/public-handlers';
import { interpretingHandlers } from '../features/interpreting/mocks/handlers';
import { renewalBackend } from '../features/members/mocks/renewal-handlers';
import { compileCatalogue } from '../../scripts/catalogue-compile.mjs';
import { signedVideoHandlers } from '../features/signed-videos/mocks/handlers';
import { challengeHandlers } from './challenge-handlers';

// The translation catalogues the app fetches as JSON files (lib/i18n.ts), answered from source
// compiled as the build compiles them.
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

const catalogueFiles = http.get('*/src/locales/:language/:file', ({ params }) => {
  const catalogue = catalogues[`../locales/${String(params.language)}/${String(params.file)}`];
  return catalogue ? HttpResponse.json(compileCatalogue(catalogue)) : new HttpResponse(null, { status: 404 });
});

/**
 * One MSW server for all tests; each test adds the handlers it needs with server.use(). Every
 * public page shows the association's contacts, so GET /api/config/ always answers, and so do
 * the translation catalogues, and so does GET /api/challenge/ (the public forms fetch one as they
 * mount); every sign-in lands on the dashboard home, so its figures answer too.
 */
export const server = setupServer(
  catalogueFiles,
  publicEventHandlers.config(),
  challengeHandlers.issued(),
  ...dashboardBackend().handlers,
  // Every record's History (a registration's, a member's, an event's) asks for its entries: none.
  ...activityBackend({ entries: [] }).handlers,
  // A member's page asks whether they may renew: not yet, unless a test says otherwise.
  ...renewalBackend().handlers,
  // ... and for their interpreter profile: none, and not an interpreter unless a test says otherwise.
  interpretingHandlers.mine({ eligible: false, consent_wording: '', profile: null }),
  // ... and for their interpreting hours: none.
  http.get('/api/my-membership/interpreting/', () => HttpResponse.json({ years: [], assignments: [] })),
  // The site pages ask for their signed video: none, unless a test says otherwise.
  signedVideoHandlers.publicVideo(),
  // ... and staff's edit screens for theirs: none.
  signedVideoHandlers.staffVideo(),
);
