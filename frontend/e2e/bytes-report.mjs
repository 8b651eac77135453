#!/usr/bin/env node
// Bytes a first visit transfers, as Chromium fetches them (compressed when the server compresses).
// Usage: node frontend/e2e/bytes-report.mjs http://127.0.0.1:PORT [route ...]
// (BYTES_TICKET_ROUTE=/ticket/<code> adds a ticket's page to the default routes)
// Prints one line per route: `route js_bytes_transferred total_bytes_transferred map_js_bytes`,
// where js_bytes_transferred is the encoded body size of every JavaScript response,
// total_bytes_transferred the encoded bodies plus response headers of every response, and
// map_js_bytes the part of js_bytes that is a map's lazy chunk (the venue's, the districts'; when it loaded).
// Each route gets a fresh browser context (empty cache) and is measured once the network is idle.
// Uses Debian's chromium; never downloads a browser.
import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const [base, ...given] = process.argv.slice(2);
if (!base) {
  console.error('usage: node bytes-report.mjs http://127.0.0.1:PORT [route ...]');
  process.exit(2);
}

/** The first public event's page, so that the report needs no knowledge of the data. */
async function firstEventRoute() {
  const response = await fetch(new URL('/api/management/public-events/', base));
  if (!response.ok) return null;
  const events = await response.json();
  return Array.isArray(events) && events.length > 0 ? `/event/${events[0].id}` : null;
}

// The maps' lazy chunks (each map's own, and Leaflet's): they load once a map comes near the
// screen, so the budget leaves them out; the report shows them apart.
const MAP_CHUNK = /\/assets\/(venue-map|district-map|place-map|leaflet)-[^/]*\.js$/;

function isJavaScript(response) {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript/.test(type);
}

/** Resolves once no new response has arrived for a second (at most 15 s). */
async function settle(responses) {
  const deadline = Date.now() + 15_000;
  let seen = -1;
  while (seen !== responses.length && Date.now() < deadline) {
    seen = responses.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function measure(browser, route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const responses = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(new URL(route, base).href, { waitUntil: 'networkidle' });
  // The page is there once its heading is; lazy chunks may still follow, so wait for quiet.
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 }).catch(() => {});
  await settle(responses);
  let js = 0;
  let total = 0;
  let map = 0;
  for (const response of responses) {
    // Sizes are known once the body has arrived; a response cut short counts what came.
    await response.finished().catch(() => null);
    const sizes = await response.request().sizes();
    // Chromium reports -1 (unknown) for some failed or redirected responses.
    total += Math.max(0, sizes.responseBodySize) + Math.max(0, sizes.responseHeadersSize);
    if (isJavaScript(response)) {
      js += Math.max(0, sizes.responseBodySize);
      if (MAP_CHUNK.test(new URL(response.url()).pathname)) map += Math.max(0, sizes.responseBodySize);
    }
  }
  await context.close();
  return { js, total, map };
}

// A ticket's page (/ticket/{code}) when the caller knows a code: no API lists tickets.
const ticketRoute = process.env.BYTES_TICKET_ROUTE || null;
const routes =
  given.length > 0 ? given : ['/', '/about', '/events', '/contact', '/membership', '/registration', '/interpreters', await firstEventRoute(), ticketRoute].filter(Boolean);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
try {
  for (const route of routes) {
    const { js, total, map } = await measure(browser, route);
    console.log(`${route} ${js} ${total} ${map}`);
  }
} finally {
  await browser.close();
}
