import { onTestFinished } from 'vitest';

import { server } from './server';

/**
 * The X-Altcha header of every request whose path ends with `pathEnd`, in order (null when
 * there was none), for as long as the current test runs.
 */
export function challengesSentTo(pathEnd: string): (string | null)[] {
  const sent: (string | null)[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname.endsWith(pathEnd)) {
      sent.push(request.headers.get('X-Altcha'));
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return sent;
}
