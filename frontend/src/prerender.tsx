// Build-time only (scripts/prerender.mjs): each public page as the app renders it for an English
// visitor before any data, so the server can put the markup in the page's HTML and a phone paints
// the page's content before the JavaScript has arrived and run (docs/architecture.md).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { MemoryRouter, useRoutes } from 'react-router-dom';

import { routes } from './app/router';
import { makeStore } from './app/store';
import { ready } from './lib/i18n';

function Routes() {
  return useRoutes(routes);
}

/** main.tsx's sibling of the app (it shows #root once rendered): here too, so that the tree has
 * the same shape and React's generated ids match when the browser takes the markup over. */
function Shown() {
  return null;
}

/** The tree main.tsx renders, with the address given rather than the browser's. */
function App({ path }: { path: string }) {
  return (
    <StrictMode>
      <Provider store={makeStore()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes />
        </MemoryRouter>
      </Provider>
      <Shown />
    </StrictMode>
  );
}

/** The markup of the app at `path` once its lazy page has loaded, without a loading fallback. */
export async function render(path: string): Promise<string> {
  await ready;
  // The first pass waits for the page's chunk and texts (React.lazy); the second finds them
  // loaded and renders the page itself, in one piece (no streamed fallback to swap by script).
  const { prelude } = await prerenderToNodeStream(<App path={path} />);
  for await (const chunk of prelude) void chunk;
  return renderToString(<App path={path} />);
}
