import { setupServer } from 'msw/node';

import { publicEventHandlers } from '../features/events/mocks/public-handlers';

/**
 * One MSW server for all tests; each test adds the handlers it needs with server.use(). Every
 * public page shows the association's contacts, so GET /api/config/ always answers.
 */
export const server = setupServer(publicEventHandlers.config());
