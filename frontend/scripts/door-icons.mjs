#!/usr/bin/env node
// The door check-in screen's app icons (its web app manifest, vite.config.ts): public/favicon.svg
// drawn at 192 and 512 pixels into public/door-icon-<size>.png. Run again when the favicon changes:
//   node scripts/door-icons.mjs
// Uses Debian's chromium (CHROMIUM_PATH); never downloads a browser.
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PUBLIC = fileURLToPath(new URL('../public/', import.meta.url));
const SIZES = [192, 512];

const svg = readFileSync(`${PUBLIC}favicon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const body = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${body}`);
    writeFileSync(`${PUBLIC}door-icon-${size}.png`, await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
