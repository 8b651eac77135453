import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PRELOAD_SCRIPT, preloadScriptHash } from '../../scripts/catalogue-assets.mjs';
import { FRONTEND } from '../../scripts/catalogues.mjs';
import { availableLanguages, preferredLanguage } from './i18n';

const OFFERED = ['en', 'fr', 'rw', 'sw'];

/** index.html's inline script, run on a page with its <meta name="catalogues">. */
function runPreload({
  stored,
  browser,
  page,
}: {
  stored?: string;
  browser: string[];
  /** What Django adds for a page it knows (services/core/preload.py). */
  page?: { inline: string; namespaces: string };
}): { lang: string; preloads: string[] } {
  const meta = document.createElement('meta');
  meta.name = 'catalogues';
  meta.content = '/assets/locales-abc/';
  meta.setAttribute('data-languages', OFFERED.join(' '));
  if (page) {
    meta.setAttribute('data-inline', page.inline);
    meta.setAttribute('data-namespaces', page.namespaces);
  }
  document.head.append(meta);
  if (stored) window.localStorage.setItem('language', stored);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(browser);
  new Function(PRELOAD_SCRIPT)();
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')];
  for (const link of links) {
    expect(link.as).toBe('fetch');
    // As lib/i18n.ts fetches (mode cors, same-origin credentials): the browser reuses the answer.
    expect(link.crossOrigin).toBe('anonymous');
  }
  return { lang: document.documentElement.lang, preloads: links.map((link) => link.getAttribute('href') ?? '') };
}

describe("index.html's catalogue preload", () => {
  afterEach(() => {
    document.head.querySelectorAll('meta[name=catalogues], link[rel=preload]').forEach((node) => node.remove());
    document.documentElement.lang = 'en';
  });

  it.each([
    { stored: undefined, browser: ['en-US'], expected: 'en' },
    { stored: undefined, browser: ['de-DE', 'rw-RW', 'en'], expected: 'rw' },
    { stored: undefined, browser: ['fr-CA', 'en-US'], expected: 'fr' },
    { stored: undefined, browser: ['kin'], expected: 'rw' },
    { stored: undefined, browser: ['sw_KE'], expected: 'sw' },
    { stored: undefined, browser: ['de', 'zh-Hans'], expected: 'en' },
    { stored: 'sw', browser: ['fr-FR'], expected: 'sw' },
    { stored: 'xx', browser: ['fr-FR'], expected: 'fr' },
  ])('asks for the common catalogue of the language the app will choose: $browser, stored $stored', ({ stored, browser, expected }) => {
    // The app's own choice for the same visitor.
    expect(stored && OFFERED.includes(stored) ? stored : preferredLanguage(browser, availableLanguages)).toBe(expected);
    const { lang, preloads } = runPreload({ stored, browser });
    expect(lang).toBe(expected);
    const wanted = expected === 'en' ? ['en'] : [expected, 'en'];
    expect(preloads).toEqual(wanted.map((language) => `/assets/locales-abc/${language}/common.json`));
  });

  it.each([
    { browser: ['en-US'], expected: [] },
    {
      browser: ['fr-FR'],
      expected: ['fr/common.json', 'fr/events.json', 'fr/event-detail.json'],
    },
  ])("asks for the page's texts too, except the language the page already carries: $browser", ({ browser, expected }) => {
    const { preloads } = runPreload({ browser, page: { inline: 'en', namespaces: 'events event-detail' } });
    expect(preloads).toEqual(expected.map((file) => `/assets/locales-abc/${file}`));
  });

  it('is allowed by the content security policy nginx sends, by its hash', () => {
    const nginx = readFileSync(join(FRONTEND, '..', 'compose', 'nginx.common-http.conf'), 'utf8');
    const policy = /default "(default-src[^"]*)"/.exec(nginx)?.[1] ?? '';
    expect(policy).toContain(`script-src 'self' ${preloadScriptHash()};`);
  });
});
