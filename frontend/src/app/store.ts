import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';

import { toastSlice } from '../components/toast-slice';
import { sessionSlice } from '../lib/session/session-slice';
import { api } from '../lib/api';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [toastSlice.reducerPath]: toastSlice.reducer,
  [sessionSlice.reducerPath]: sessionSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A new store; tests make one each so that no state leaks between them. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  // Enables refetchOnFocus / refetchOnReconnect and skipPollingIfUnfocused.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
