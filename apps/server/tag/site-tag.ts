/**
 * The first-party site tag, bundled by esbuild into /t/<site key>.js. It runs on
 * publishers' pages, so it is tiny, sets no cookie, reads no personal data and sends nothing when
 * the visitor asks not to be tracked (Do-Not-Track, Global Privacy Control) or the page refuses
 * consent (`window.pcConsent = false`; with `data-consent="required"` on the script tag it waits
 * for `window.pcConsent = true` and a `pc:consent` event).
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

declare global {
  interface Window {
    pcConsent?: boolean;
  }
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

/** The site's sample rate, one page load in N: the server writes the number in when serving the tag. */
declare const __PC_ONE_IN__: number;

type Fields = Record<string, string | number>;

const d = document;
const w = window;
const nav = navigator;
const script = d.currentScript as HTMLScriptElement | null;
const src = script?.src ?? '';
// The key is the script's own file name, so one cached bundle serves every site.
const key = /\/t\/([\w-]+)\.js/.exec(src)?.[1];
const needsConsent = script?.dataset.consent === 'required';
const optedOut = () => nav.doNotTrack === '1' || !!nav.globalPrivacyControl || w.pcConsent === false || (needsConsent && !w.pcConsent);

// Sampling is per page load and decided once: an unsampled load sends nothing at all (no page view,
// engagement or vitals), and each stored event of a sampled one weighs N on the server.
const sampled = Math.random() * __PC_ONE_IN__ < 1;
const id = Math.random().toString(36).slice(2, 12);
let queue: Fields[] = [];
let timer = 0;

function send(): void {
  clearTimeout(timer);
  timer = 0;
  // text/plain keeps the beacon a "simple" request: no CORS preflight, no cookies.
  if (queue.length && !optedOut()) nav.sendBeacon(new URL('/t/collect', src).href, JSON.stringify({ k: key, e: queue }));
  queue = [];
}

function push(e: Fields, soon?: boolean): void {
  queue.push({ ts: Date.now(), id, p: location.pathname, ...e });
  // web-vitals reports CLS, INP (and LCP without input) while the page is being hidden, after our
  // own listener has sent: a timer would never fire on a closing page, so send at once.
  if (d.visibilityState === 'hidden') send();
  else if (soon && !timer) timer = w.setTimeout(send, 1000);
}

/** The element a metric points at (LCP element, INP target, largest CLS shift) as a short selector. */
function target(m: Metric): string {
  let el: Node | null | undefined;
  for (const e of m.entries as unknown as { element?: Node; target?: Node; sources?: { node?: Node }[] }[])
    el = e.element ?? e.target ?? e.sources?.[0]?.node ?? el;
  const h = el as HTMLElement | undefined;
  return h?.tagName ? h.tagName.toLowerCase() + (h.id ? '#' + h.id : h.classList[0] ? '.' + h.classList[0] : '') : '';
}

function start(): void {
  const q = new URLSearchParams(location.search);
  const utm = (k: string) => q.get('utm_' + k) ?? '';
  push({ t: 'pv', r: d.referrer, us: utm('source'), um: utm('medium'), uc: utm('campaign'), vw: w.innerWidth }, true);

  // Engagement: visible time and the deepest scroll, reported each time the page is hidden.
  let since = Date.now();
  let engaged = 0;
  let depth = 0;
  const measure = () => {
    depth = Math.max(depth, Math.min(100, Math.round(((w.scrollY + w.innerHeight) * 100) / d.documentElement.scrollHeight)));
  };
  measure();
  w.addEventListener('scroll', measure, { passive: true });
  d.addEventListener('visibilitychange', () => {
    if (d.visibilityState === 'hidden') {
      engaged += Date.now() - since;
      push({ t: 'en', et: engaged, sd: depth });
      send();
    } else since = Date.now();
  });

  const vital = (m: Metric) => push({ t: 'wv', n: m.name, v: Math.round(m.value * 1000) / 1000, a: target(m) }, true);
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(vital);
}

if (key && sampled) {
  if (!optedOut()) start();
  else if (needsConsent && w.pcConsent !== false) w.addEventListener('pc:consent', () => optedOut() || start(), { once: true });
}
