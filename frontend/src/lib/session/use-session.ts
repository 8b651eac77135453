import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';

import { selectSession, sessionLoaded, type sessionSlice, type SessionState } from './session-slice';
import { readStoredSession } from './session-storage';

// setTimeout's largest delay (about 24.8 days); a session is 24 hours anyway.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

type State = { [sessionSlice.reducerPath]: SessionState };

/**
 * The admin session, read from storage on first use ('unknown' until then). A session that
 * expires while the page is open ends by itself at its expiry time.
 */
export function useSession(): SessionState {
  const dispatch = useDispatch();
  const session = useSelector((state: State) => selectSession(state));

  useEffect(() => {
    if (session.status === 'unknown') dispatch(sessionLoaded(readStoredSession()));
  }, [dispatch, session.status]);

  useEffect(() => {
    if (session.expiresAt === null) return;
    // Re-reading the storage at expiry clears it and gives null (SPEC §4).
    const timer = window.setTimeout(
      () => dispatch(sessionLoaded(readStoredSession())),
      Math.min(MAX_TIMEOUT_MS, Math.max(0, session.expiresAt - Date.now())),
    );
    return () => window.clearTimeout(timer);
  }, [dispatch, session.expiresAt]);

  return session;
}
