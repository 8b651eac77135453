import { describe, expect, it } from 'vitest';

import { doorFiles, doorPrecache } from '../../../scripts/door-precache.mjs';

// A build's manifest, cut down: the entry, the admin area, the door's page and two public pages.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'], imports: ['_vendor'], dynamicImports: ['src/features/content/pages/home-page.tsx', 'src/app/dashboard-routes.tsx'] },
  _vendor: { file: 'assets/vendor-1.js' },
  'src/features/content/pages/home-page.tsx': { file: 'assets/home-page-1.js', imports: ['_site-parts'] },
  '_site-parts': { file: 'assets/site-parts-1.js' },
  'src/app/dashboard-routes.tsx': { file: 'assets/dashboard-routes-1.js', dynamicImports: ['src/features/members/pages/members-page.tsx', 'src/features/checkin/pages/checkin-page.tsx'] },
  'src/app/require-admin.tsx': { file: 'assets/require-admin-1.js' },
  'src/features/members/pages/members-page.tsx': { file: 'assets/members-page-1.js' },
  'src/features/checkin/pages/checkin-page.tsx': { file: 'assets/checkin-page-1.js', css: ['assets/checkin-page-1.css'], imports: ['_idb'], dynamicImports: ['src/features/checkin/camera.ts'] },
  _idb: { file: 'assets/idb-1.js' },
  'src/features/checkin/camera.ts': { file: 'assets/camera-1.js', dynamicImports: ['node_modules/@zxing/browser/esm/index.js'] },
  'node_modules/@zxing/browser/esm/index.js': { file: 'assets/esm-1.js' },
};

describe("the door's precache", () => {
  it("holds the check-in screen's files (its camera reader too) and none of the public pages'", () => {
    expect([...doorFiles(MANIFEST)].sort()).toEqual([
      'assets/camera-1.js',
      'assets/checkin-page-1.css',
      'assets/checkin-page-1.js',
      'assets/dashboard-routes-1.js',
      'assets/esm-1.js',
      'assets/idb-1.js',
      'assets/index-1.css',
      'assets/index-1.js',
      'assets/require-admin-1.js',
      'assets/vendor-1.js',
      'index.html',
    ]);
  });

  it("keeps the screen's texts in every language, no other page's", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dist = mkdtempSync(join(tmpdir(), 'door-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const entries = ['index.html', 'assets/home-page-1.js', 'assets/locales-ab12/fr/checkin.json', 'assets/locales-ab12/fr/site.json', 'assets/locales-ab12/en/common.json'].map(
      (url) => ({ url, revision: null, size: 1 }),
    );
    const { manifest } = await doorPrecache(dist)(entries);
    expect(manifest?.map((entry) => entry.url)).toEqual(['index.html', 'assets/locales-ab12/fr/checkin.json', 'assets/locales-ab12/en/common.json']);
  });
});
