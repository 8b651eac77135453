import { defineConfig } from '@playwright/test';

// The journeys run against a running site: the lead's Makefile starts Django (serving the built
// SPA and the API on one origin) and a Celery worker, then runs `npm run e2e` with
// E2E_BASE_URL and E2E_MAIL_DIR set. No browser is downloaded: Debian's chromium is used.
export default defineConfig({
  testDir: './e2e',
  // Two files at a time against the one backend (a file's journeys run in order): most of a
  // journey is waiting on the server, the worker or the page, so a second one fills that time.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8765',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
