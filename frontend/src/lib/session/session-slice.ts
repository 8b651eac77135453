import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

import type { StoredSession } from './session-storage';
import type { User } from './user';

/**
 * The admin session as client state. 'unknown' until the stored session has been read
 * (RequireAdmin shows a loading message meanwhile); the tokens stay in localStorage only.
 */
export interface SessionState {
  status: 'unknown' | 'anonymous' | 'authenticated';
  user: User | null;
  expiresAt: number | null;
}

const initialState: SessionState = { status: 'unknown', user: null, expiresAt: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A valid session (read from storage, or just signed in), or none. */
    sessionLoaded(_state, action: PayloadAction<StoredSession | null>) {
      return action.payload
        ? { status: 'authenticated', user: action.payload.user, expiresAt: action.payload.expiresAt }
        : { status: 'anonymous', user: null, expiresAt: null };
    },
    sessionEnded() {
      return { status: 'anonymous', user: null, expiresAt: null } satisfies SessionState;
    },
  },
  selectors: {
    selectSession: (state) => state,
    selectUser: (state) => state.user,
  },
});

export const { sessionLoaded, sessionEnded } = sessionSlice.actions;
export const { selectSession, selectUser } = sessionSlice.selectors;
