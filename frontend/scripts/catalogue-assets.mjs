// The translation catalogues (src/locales/<language>/<namespace>.json) as files the page fetches,
// and the visitor's `common` fetched with the page rather than after the script has run.
//
// - Build: every catalogue is written, minified, to /assets/locales-<hash>/<language>/<namespace>.json,
//   <hash> that of all catalogues together: /assets/ is cached for good (services/core/assets.py,
//   nginx), and a change of any text gives new addresses. The script knows only that folder, not
//   one address per file.
// - Each file is the catalogue compiled for Lingui (scripts/catalogue-compile.mjs), made here: the
//   page never compiles a message.
// - Dev server: the same compiled form at /src/locales/, made from the source file when asked for
//   (Vitest answers that address from src/testing/server.ts).
// - index.html gets a <meta name="catalogues"> (the folder and the languages with a common.json)
//   and an inline script that adds <link rel=preload as=fetch crossorigin> for the `common` of the
//   visitor's language (and English, the fallback), the same language lib/i18n.ts will choose.
//   Where Django serves index.html (services/core/preload.py) the meta also names the page's
//   namespaces (data-namespaces), preloaded too, and the language whose catalogues are already in
//   the HTML (data-inline, English), not asked for again. The script's text never changes with a
//   build: its sha256 is allowed by the CSP (compose/nginx.common-http.conf).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { compileCatalogue } from './catalogue-compile.mjs';

/** The catalogues as { 'language/namespace': parsed JSON }, sorted. */
export function readCatalogues(locales) {
  const found = {};
  for (const language of readdirSync(locales).sort()) {
    const folder = join(locales, language);
    if (!existsSync(join(folder, 'common.json'))) continue;
    for (const file of readdirSync(folder).sort()) {
      if (file.endsWith('.json')) found[`${language}/${file.slice(0, -5)}`] = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    }
  }
  return found;
}

/**
 * Runs in <head> before anything else: the visitor's language as lib/i18n.ts decides it (their
 * stored choice, else the first of the browser's languages the site offers, else English), on
 * <html lang> at once, and its `common` (with English's) fetched alongside the script. Kept in
 * step with initialLanguage() and preferredLanguage() by src/lib/catalogue-preload.test.ts.
 */
export const PRELOAD_SCRIPT =
  "(function(){var m=document.querySelector('meta[name=catalogues]');if(!m)return;" +
  "var base=m.content,offered=m.getAttribute('data-languages').split(' '),language=null;" +
  "try{language=localStorage.getItem('language')}catch(e){}" +
  'if(offered.indexOf(language)<0){language=\'en\';' +
  "var aliases={kin:'rw',eng:'en',fra:'fr',fre:'fr',swa:'sw',swh:'sw'};" +
  "var asked=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language||''];" +
  "for(var i=0;i<asked.length;i++){var code=String(asked[i]).trim().toLowerCase().split(/[-_]/)[0];" +
  'code=aliases[code]||code;if(offered.indexOf(code)>=0){language=code;break}}}' +
  'document.documentElement.lang=language;' +
  "var wanted=language==='en'?['en']:[language,'en'];" +
  "var inline=m.getAttribute('data-inline'),ns=m.getAttribute('data-namespaces'),files=ns?['common'].concat(ns.split(' ')):['common'];" +
  "for(var j=0;j<wanted.length;j++){if(wanted[j]===inline)continue;" +
  "for(var k=0;k<files.length;k++){var link=document.createElement('link');link.rel='preload';link.as='fetch';" +
  "link.crossOrigin='anonymous';link.href=base+wanted[j]+'/'+files[k]+'.json';document.head.appendChild(link)}}})()";

/** The CSP source that allows PRELOAD_SCRIPT and nothing else inline. */
export function preloadScriptHash() {
  return `'sha256-${createHash('sha256').update(PRELOAD_SCRIPT).digest('base64')}'`;
}

/** The Vite plugin: `__CATALOGUE_BASE__` and `__CATALOGUE_LANGUAGES__` for lib/i18n.ts, the files, index.html. */
export function catalogueAssets(locales) {
  let base = '/src/locales/';
  let catalogues = readCatalogues(locales);
  const languages = () => [...new Set(Object.keys(catalogues).map((name) => name.split('/')[0]))];
  return {
    name: 'catalogue-assets',
    config(_config, { command }) {
      catalogues = readCatalogues(locales);
      if (command === 'build') {
        // Of what is served: a compiler upgrade that changes the files changes their addresses too.
        catalogues = Object.fromEntries(Object.entries(catalogues).map(([name, catalogue]) => [name, compileCatalogue(catalogue)]));
        const hash = createHash('sha256').update(JSON.stringify(catalogues)).digest('hex').slice(0, 10);
        base = `/assets/locales-${hash}/`;
      }
      return {
        define: {
          __CATALOGUE_BASE__: JSON.stringify(base),
          __CATALOGUE_LANGUAGES__: JSON.stringify(languages()),
        },
      };
    },
    generateBundle() {
      for (const [name, catalogue] of Object.entries(catalogues)) {
        this.emitFile({ type: 'asset', fileName: `${base.slice(1)}${name}.json`, source: JSON.stringify(catalogue) });
      }
    },
    configureServer(server) {
      server.middlewares.use(base, (request, response, next) => {
        const name = /^\/([\w-]+\/[\w-]+)\.json$/.exec(request.url?.split('?')[0] ?? '')?.[1];
        if (!name || request.url?.includes('?')) return next(); // ?import and the like: Vite's own
        const file = join(locales, `${name}.json`);
        if (!existsSync(file)) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify(compileCatalogue(JSON.parse(readFileSync(file, 'utf8')))));
      });
    },
    // Right after <meta charset> (which must stay in the first 1,024 bytes), before the
    // stylesheets and the script's own preloads: the catalogue is asked for as early as they are.
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        const tags =
          `<meta name="catalogues" content="${base}" data-languages="${languages().join(' ')}" />` +
          `<script>${PRELOAD_SCRIPT}</script>`;
        const charset = /<meta charset="[^"]*"\s*\/?>/i;
        return charset.test(html) ? html.replace(charset, (tag) => `${tag}\n    ${tags}`) : html.replace('<head>', `<head>${tags}`);
      },
    },
  };
}
