// Pre-renders the sign-in entry's pages, after `vite build -c vite.sign-in.config.ts`
// and `vite build -c vite.prerender.config.ts`: for /login and /forgot, writes a copy of
// dist/sign-in.html whose #root holds the page's markup (the form is the first paint; the sign-in
// entry hydrates it) and whose critical CSS is inlined (beasties; the full stylesheet loads at the
// end of the body, so it no longer blocks the first paint).
//
// The markup is rendered with placeholders (%pc:<path>%) for the public configuration's strings
// (the product name, the footer's links); the server puts the configured, escaped values in when it
// reads the file (apps/server/src/http/static-web.ts), so one build serves every configuration.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const ssrDir = path.join(web, '.prerender');
/** Path -> file under dist/ (the server's SIGN_IN_PAGES list names the same files). */
const PAGES = { '/login': 'sign-in/login.html', '/forgot': 'sign-in/forgot.html' };

/** A Storage that holds nothing: the pages read the "keep me signed in" choice at render. */
class EmptyStorage {
  get length() {
    return 0;
  }
  key() {
    return null;
  }
  getItem() {
    return null;
  }
  setItem() {}
  removeItem() {}
  clear() {}
}
globalThis.localStorage ??= new EmptyStorage();
globalThis.sessionStorage ??= new EmptyStorage();

/** The configuration to render with: every string a placeholder naming its path; the rest as given. */
function placeholders(value, at = '') {
  if (typeof value === 'string') return `%pc:${at}%`;
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, placeholders(v, at ? `${at}.${k}` : k)]));
}

/** A default configuration's shape (src/lib/default-public-config.ts, re-exported by the pre-render entry), through Vite's module graph. */
const { renderSignInPage, DEFAULT_PUBLIC_CONFIG } = await import(pathToFileURL(path.join(ssrDir, 'sign-in-prerender.js')).href);
const config = placeholders(DEFAULT_PUBLIC_CONFIG);

const template = readFileSync(path.join(dist, 'sign-in.html'), 'utf8');
const rootBlock = /<!--pc:root-->([\s\S]*?)<!--\/pc:root-->/;
const loaderMatch = template.match(rootBlock)?.[1].match(/<div id="root">\s*(?:<!--[\s\S]*?-->\s*)?([\s\S]*)<\/div>\s*$/);
if (!loaderMatch) throw new Error('dist/sign-in.html has no <!--pc:root--> block with #root');
// The loader, outside #root, shown instead of the form only when the server's inline gate finds a
// stored session or a query (a signed-in visitor is sent on; a token or code changes the page).
const bootLoader = loaderMatch[1].trim().replace(/^<div\s+style="([^"]*)"/, (_, style) => {
  const rest = style.replace(/display:\s*flex;/, '');
  return `<div id="pc-boot-loader" style="${rest}"`;
});
const gateStyle =
  '<style>#pc-boot-loader{display:none}html[data-pc-no-prerender] #pc-boot-loader{display:flex}' +
  'html[data-pc-no-prerender] #root[data-prerendered]{display:none}</style>';

// A checkout whose node_modules predates beasties (npm install not run since) still builds: the
// pages are pre-rendered with their stylesheet link in <head> (render-blocking), and it says so.
const Beasties = await import('beasties').then(
  (m) => m.default,
  () => null,
);
if (!Beasties) console.warn('beasties is not installed (run npm install): critical CSS is not inlined.');
const beasties =
  Beasties &&
  new Beasties({
    path: dist,
    publicPath: '/',
    // Not 'media' or 'swap': their onload attributes are inline script, which the CSP refuses.
    preload: 'body',
    pruneSource: false,
    // The <style> elements React renders in #root (Mantine's theme variables) stay where they are:
    // moved or pruned, the markup would no longer be what the entry hydrates.
    reduceInlineStyles: false,
    mergeStylesheets: false,
    inlineFonts: true,
    preloadFonts: false,
    compress: true,
    logLevel: 'warn',
  });

for (const [pagePath, file] of Object.entries(PAGES)) {
  const markup = renderSignInPage(pagePath, config);
  const page = template
    .replace('</head>', `  ${gateStyle}\n  </head>`)
    .replace(rootBlock, () => `${bootLoader}\n    <div id="root" data-prerendered="${pagePath}">${markup}</div>`);
  const html = beasties ? await beasties.process(page) : page;
  mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
  writeFileSync(path.join(dist, file), html);
  console.log(`pre-rendered ${pagePath} -> dist/${file} (${html.length} bytes)`);
}
rmSync(ssrDir, { recursive: true, force: true });
