import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';

import { routes } from '../app/router';
import { makeStore, type AppStore } from '../app/store';
import '../lib/i18n';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  store?: AppStore;
  user?: Parameters<typeof userEvent.setup>[0];
}

/** Renders a component with a fresh store, English texts and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/', store = makeStore(), user, ...options }: Options = {}) {
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </Provider>,
    options,
  );
  return { ...result, store, user: userEvent.setup(user) };
}

/** Renders the whole app's routes at `route`, as a visitor arriving there would see it. */
export function renderRoute(route: string, { store = makeStore() }: { store?: AppStore } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, store, router, user: userEvent.setup() };
}
