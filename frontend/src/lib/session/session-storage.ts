import type { TokenPair, User } from './user';

/**
 * The admin session in localStorage (SPEC §3, §4, §6): the access token, the refresh token,
 * the user (JSON) and the expiry (ms since the epoch). The expiry is fixed at sign-in plus
 * 24 hours; refreshing the tokens does not extend it.
 */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The access token is written under `token`, and read from any of these (SPEC §6). */
const TOKEN_KEYS = ['token', 'authToken', 'accessToken'] as const;
const REFRESH_KEY = 'refreshToken';
const USER_KEY = 'user';
const EXPIRES_KEY = 'expiresAt';
const ALL_KEYS = [...TOKEN_KEYS, REFRESH_KEY, USER_KEY, EXPIRES_KEY];

export interface StoredSession {
  user: User;
  expiresAt: number;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // No storage (privacy modes), no session.
  }
}

function write(entries: Record<string, string>) {
  try {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  } catch {
    // Without storage the session lasts as long as the page.
  }
}

export function storedAccessToken(): string | null {
  for (const key of TOKEN_KEYS) {
    const token = read(key);
    if (token) return token;
  }
  return null;
}

export function storedRefreshToken(): string | null {
  return read(REFRESH_KEY) || null;
}

function storedExpiry(): number | null {
  const raw = read(EXPIRES_KEY);
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

function storedUser(): User | null {
  const raw = read(USER_KEY);
  if (!raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    return typeof user === 'object' && user !== null && 'username' in user ? (user as User) : null;
  } catch {
    return null;
  }
}

/** True when an expiry is stored and has passed: the session is over, whatever else is kept. */
export function storedSessionExpired(now = Date.now()): boolean {
  const expiresAt = storedExpiry();
  return expiresAt !== null && now >= expiresAt;
}

/**
 * The stored session if it is valid now (a token, a readable user and an expiry still ahead),
 * otherwise null, and whatever was left of it is cleared.
 */
export function readStoredSession(now = Date.now()): StoredSession | null {
  const expiresAt = storedExpiry();
  const user = storedUser();
  if (storedAccessToken() && user && expiresAt !== null && now < expiresAt) return { user, expiresAt };
  clearStoredSession();
  return null;
}

/** After sign-in: the tokens, the user and an expiry 24 hours from now. */
export function storeSession(tokens: TokenPair, user: User, now = Date.now()): StoredSession {
  const expiresAt = now + SESSION_LIFETIME_MS;
  clearStoredSession();
  write({
    token: tokens.access,
    [REFRESH_KEY]: tokens.refresh,
    [USER_KEY]: JSON.stringify(user),
    [EXPIRES_KEY]: String(expiresAt),
  });
  return { user, expiresAt };
}

/** After a token refresh or a password change: new tokens, same user and expiry. */
export function storeTokens(tokens: TokenPair) {
  try {
    for (const key of TOKEN_KEYS) window.localStorage.removeItem(key);
  } catch {
    // See write().
  }
  write({ token: tokens.access, [REFRESH_KEY]: tokens.refresh });
}

export function clearStoredSession() {
  try {
    for (const key of ALL_KEYS) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
