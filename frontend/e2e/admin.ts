import { expect, type APIRequestContext, type Page } from '@playwright/test';

// The demo data of the backend's seed (seed_demo): one staff user.
export const ADMIN = { username: 'admin', password: 'portal-demo-2026' };

/** Signs in through the login page (as the demo admin unless told) and waits for the dashboard. */
export async function signIn(page: Page, account: { username: string; password: string } = ADMIN) {
  await page.goto('/adminlogin');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A staff access token for setting the scene through the API. */
export async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/users/login/', { data: ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/** A date `days` from today as yyyy-mm-dd (the date input's value). */
export function isoDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The dashboard's toasts. */
export const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** A Published event made through the API for one journey alone. */
export async function publishedEvent(request: APIRequestContext, fields: Record<string, unknown>): Promise<number> {
  const token = await staffToken(request);
  const response = await request.post('/api/management/events/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { date: isoDateIn(45), time: '10:00', location: 'Kigali Convention Center', status: 'Published', ...fields },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}
