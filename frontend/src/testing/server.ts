import { setupServer } from 'msw/node';

/** One MSW server for all tests; each test adds the handlers it needs with server.use(). */
export const server = setupServer();
