import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';

import { endSession } from '../../lib/api';
import { useLogoutMutation } from './api';
import { storedRefreshToken } from '../../lib/session/session-storage';

/**
 * Logout / Sign out: tell the server, which ends every session of the user on every device
 * (its failure does not matter), end the session here, go to sign-in.
 */
export function useSignOut() {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();

  return useCallback(async () => {
    const refresh = storedRefreshToken();
    if (refresh) {
      try {
        await logout({ refresh }).unwrap();
      } catch {
        // The refresh token simply expires on the server; the browser forgets it anyway.
      }
    }
    endSession(dispatch);
    navigate('/adminlogin', { replace: true });
  }, [dispatch, logout, navigate]);
}
