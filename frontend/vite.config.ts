import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

import { catalogueAssets } from './scripts/catalogue-assets.mjs';
import { doorPrecache } from './scripts/door-precache.mjs';

const DIST = fileURLToPath(new URL('dist', import.meta.url));

// The libraries every first visit needs (React, the router, Redux Toolkit with RTK Query) in one
// chunk of their own: an app deploy changes none of them, so a returning visitor keeps it cached
// until a library is upgraded, and brotli compresses them better together than apart. Leaflet is
// not here: it stays in the lazy chunk of the venue map.
const VENDOR_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'react-router-dom',
  '@reduxjs/toolkit',
  'redux',
  'redux-thunk',
  'react-redux',
  'immer',
  'reselect',
  'use-sync-external-store',
  '@standard-schema/utils',
  '@lingui/core',
];

/** The door's manifest, which the check-in screen alone names (features/checkin/door-worker.ts). */
const DOOR_MANIFEST = 'door.webmanifest';

/**
 * vite-plugin-pwa names its manifest in index.html, which every page shares: taken out again, so
 * that no public page names the door's app (the check-in screen adds the link itself).
 */
function withoutManifestLink(): Plugin {
  return {
    name: 'door-manifest-link-out',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: { order: 'post', handler: (html) => html.replace(/<link rel="manifest"[^>]*>/, '') },
  };
}

function packagePattern(packages: string[]): RegExp {
  const names = packages.map((name) => name.replace(/[/]/g, '[\\\\/]')).join('|');
  return new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);
}

export default defineConfig({
  plugins: [
    react(),
    catalogueAssets(fileURLToPath(new URL('src/locales', import.meta.url))),
    // The door's service worker (docs/architecture.md): dist/sw.js, registered by the check-in
    // screen alone for /dashboard/checkin/ (features/checkin/door-worker.ts). Nothing is added to
    // index.html (no register script; the manifest link is taken out below): the public pages
    // neither load nor fall under it. It precaches the screen's files only and serves index.html
    // to its navigations. Its web app manifest (dist/door.webmanifest) makes the screen an app
    // of its own on a phone's home screen; its icons are public/favicon.svg and the PNGs drawn
    // from it (scripts/door-icons.mjs).
    VitePWA({
      injectRegister: false,
      manifestFilename: DOOR_MANIFEST,
      manifest: {
        id: '/dashboard/checkin/',
        name: 'Door check-in',
        short_name: 'Check-in',
        start_url: '/dashboard/checkin/',
        scope: '/dashboard/checkin/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b5563',
        icons: [
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/door-icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/door-icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      },
      // The precache stays the screen's files (doorPrecache): the icons are fetched when installing.
      includeManifestIcons: false,
      strategies: 'generateSW',
      scope: '/dashboard/checkin/',
      workbox: {
        globPatterns: ['index.html', 'assets/**/*.{js,css,json}'],
        manifestTransforms: [doorPrecache(DIST)],
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [/^\/dashboard\/checkin\//],
        // The API is never cached: the list lives in IndexedDB, scans wait there too.
        runtimeCaching: [],
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    withoutManifestLink(),
  ],
  base: '/',
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: which chunk, styles and pictures each page needs, so the server
    // can name them in index.html for the route asked for (services/core/preload.py).
    manifest: true,
    // Every browser we support has <link rel="modulepreload">; the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: packagePattern(VENDOR_PACKAGES) },
            // Leaflet, which only the lazy maps import: a chunk of its own under its own name, so
            // the bytes report (e2e/bytes-report.mjs) can tell the map's bytes from the page's.
            { name: 'leaflet', test: packagePattern(['leaflet', 'react-leaflet', '@react-leaflet/core']) },
            // Every page's app-side glue (translations, the session the store starts with): one
            // chunk, where rolldown would make three. On HTTP/1.1 a phone fetches six files at a
            // time, a slow round trip each (docs/benchmarks.md, "the page's texts in its HTML").
            {
              name: 'i18n',
              test: /[\\/]src[\\/](lib[\\/](i18n|use-translation|session[\\/]session-(slice|storage))|components[\\/]use-document-title)\.ts$/,
            },
            // The small helpers the public event pages share (list, detail, sign-up), one file.
            { name: 'event-parts', test: /[\\/]src[\\/]lib[\\/](format-date|format-price|event-images)\.ts$/ },
            // The site pages' shared sections (home, about, services), one file.
            {
              name: 'site-parts',
              test: /[\\/]src[\\/]features[\\/]content[\\/]components[\\/](site-section|partners|services|page-hero|service-card|partner-strip)\.tsx?$/,
            },
            // What the public forms share (contact, membership, sign-up), one file. Not the bot
            // challenge: its lazy import would bring Vite's preload helper, which every page needs.
            {
              name: 'form-parts',
              test: /[\\/]src[\\/](lib[\\/]api-error\.ts|components[\\/](submit-button|form-message)\.tsx)$/,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    css: false,
    // The browser build (XMLHttpRequest, Blob files), as the app runs it: Vitest would take the
    // package's Node build, which reads files as streams.
    alias: { 'tus-js-client': fileURLToPath(new URL('node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url)) },
    // A test that passes in 1.7 s beside the other runners (`make test`) may take twice that on a
    // machine busy with other work too; a hung test still fails, after 20 s.
    testTimeout: 20_000,
  },
});
