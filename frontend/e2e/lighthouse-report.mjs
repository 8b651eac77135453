#!/usr/bin/env node
// Lighthouse (pinned in package.json) on the public pages, as a phone on a slow network sees them:
// the mobile profile with devtools throttling (the browser really slowed: 4x CPU, slow 4G).
// Usage: node frontend/e2e/lighthouse-report.mjs http://127.0.0.1:PORT [route ...]
// Each route runs LIGHTHOUSE_RUNS times (3) on a fresh Chromium (empty cache); each figure is the
// median of the runs, and the LCP element is the one of the run with the median LCP.
// Prints one line per route: `route lcp_ms cls tbt_ms lcp_element`.
// LIGHTHOUSE_TICKET_ROUTE=/ticket/<code> adds a ticket's page to the default routes (no API lists codes).
// Uses Debian's chromium (CHROME_PATH, /usr/bin/chromium); never downloads a browser.
import * as chromeLauncher from 'chrome-launcher'; // lighthouse's own launcher (its dependency)
import { writeFileSync } from 'node:fs';

import lighthouse from 'lighthouse';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// LIGHTHOUSE_SAVE=<folder>: each run's full report (JSON) kept there, to see why a figure is what it is.
const SAVE = process.env.LIGHTHOUSE_SAVE;

const [base, ...given] = process.argv.slice(2);
if (!base) {
  console.error('usage: node lighthouse-report.mjs http://127.0.0.1:PORT [route ...]');
  process.exit(2);
}

/** The first upcoming published event (the public list's first), so the report needs no data. */
async function firstEventId() {
  const response = await fetch(new URL('/api/management/public-events/', base));
  if (!response.ok) return null;
  const events = await response.json();
  return Array.isArray(events) && events.length > 0 ? events[0].id : null;
}

const CONFIG = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    // Lighthouse's mobile defaults (slow 4G: 150 ms RTT, 1.6 Mbit/s; 4x CPU), applied by the
    // browser itself rather than simulated afterwards.
    throttlingMethod: 'devtools',
    throttling: {
      rttMs: 150,
      throughputKbps: 1638.4,
      requestLatencyMs: 150 * 3.75,
      downloadThroughputKbps: 1638.4 * 0.9,
      uploadThroughputKbps: 750 * 0.9,
      cpuSlowdownMultiplier: 4,
    },
    screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
    disableStorageReset: false,
  },
};

/** The LCP element as Lighthouse names it: its selector and the start of its text. */
function lcpElement(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const table = details?.items?.find((item) => item.type === 'table') ?? details;
  const node = table?.items?.[0]?.node;
  if (!node) return '-';
  const label = (node.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40);
  return `${node.selector ?? node.snippet ?? '?'} "${label}"`;
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' }, CONFIG);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    if (SAVE) writeFileSync(`${SAVE}/${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`, result.report);
    return {
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      element: lcpElement(lhr),
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const eventId = await firstEventId();
const routes =
  given.length > 0
    ? given
    : [
        '/',
        '/events',
        eventId && `/event/${eventId}`,
        eventId && `/registration?eventId=${eventId}`,
        '/membership',
        '/contact',
        '/about',
        process.env.LIGHTHOUSE_TICKET_ROUTE,
      ].filter(Boolean);

for (const route of routes) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    try {
      runs.push(await audit(new URL(route, base).href));
    } catch (error) {
      console.error(`${route}: run ${i + 1} failed: ${error.message}`);
    }
  }
  if (runs.length === 0) {
    console.log(`${route} failed`);
    continue;
  }
  const lcp = median(runs.map((run) => run.lcp));
  const byLcp = [...runs].sort((a, b) => a.lcp - b.lcp)[Math.floor(runs.length / 2)];
  const cls = median(runs.map((run) => run.cls));
  const tbt = median(runs.map((run) => run.tbt));
  const spread = runs.map((run) => Math.round(run.lcp)).join('/');
  console.log(
    `${route} ${Math.round(lcp)} ${cls.toFixed(3)} ${Math.round(tbt)} ${byLcp.element} (LCP runs ${spread} ms)`,
  );
}
