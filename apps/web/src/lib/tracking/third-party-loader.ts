import type { PublicConfig } from '@pc/contracts';

type AnalyticsConfig = PublicConfig['analytics'];

/** What a vendor's own snippet would set up, done here because the CSP allows no inline script. */
type VendorWindow = Window & Record<string, unknown>;

export interface ThirdPartyScript {
  /** The element id; Zendesk's messenger finds itself by `ze-snippet`. */
  id: string;
  src: string;
  /** Globals the vendor reads on load (its queue and settings), set before the script is added. */
  before?: (w: VendorWindow) => void;
  /** Run once the script has loaded. */
  after?: (w: VendorWindow) => void;
}

const e = encodeURIComponent;

function pushDataLayer(w: VendorWindow, entry: unknown): void {
  const layer = (w.dataLayer ??= []) as unknown[];
  layer.push(entry);
}

/** A vendor object whose methods queue their calls until the real agent replaces it (Pendo's shape). */
function queuingObject(methods: string[]): Record<string, unknown> {
  const queue: unknown[][] = [];
  const obj: Record<string, unknown> = { _q: queue };
  for (const m of methods) obj[m] = (...args: unknown[]) => queue.push([m, ...args]);
  return obj;
}

/**
 * The third-party tools to load, each only when its id is configured and initialised with it
 * (docs/product.md#users): with no id nothing is loaded, so the default install makes no request to
 * any outside host. The help widget is separate: it loads on signed-in pages only (`helpWidgetScript`).
 */
export function thirdPartyScripts(a: AnalyticsConfig): ThirdPartyScript[] {
  const list: ThirdPartyScript[] = [];
  if (a.tagManagerId)
    list.push({
      id: 'pc-tag-manager',
      src: `https://www.googletagmanager.com/gtm.js?id=${e(a.tagManagerId)}`,
      before: (w) => pushDataLayer(w, { 'gtm.start': Date.now(), event: 'gtm.js' }),
    });
  const pageIds = [a.pageAnalyticsId, a.pageAnalyticsId2].filter((id): id is string => Boolean(id));
  if (pageIds.length)
    list.push({
      id: 'pc-page-analytics',
      src: `https://www.googletagmanager.com/gtag/js?id=${e(pageIds[0]!)}`,
      before: (w) => {
        // gtag reads `arguments` objects from the data layer, as its snippet pushes them.
        w.gtag ??= function gtag() {
          // eslint-disable-next-line prefer-rest-params
          pushDataLayer(w, arguments);
        };
        const gtag = w.gtag as (...args: unknown[]) => void;
        gtag('js', new Date());
        for (const id of pageIds) gtag('config', id);
      },
    });
  if (a.sessionRecorderId) {
    const version = a.sessionRecorderSnippetVersion ?? '6';
    list.push({
      id: 'pc-session-recorder',
      src: `https://static.hotjar.com/c/hotjar-${e(a.sessionRecorderId)}.js?sv=${e(version)}`,
      before: (w) => {
        w.hj ??= Object.assign((...args: unknown[]) => ((w.hj as { q: unknown[] }).q ??= []).push(args), { q: [] as unknown[] });
        w._hjSettings = { hjid: Number(a.sessionRecorderId), hjsv: Number(version) };
      },
    });
  }
  if (a.productTourKey) {
    const apiKey = a.productTourKey;
    list.push({
      id: 'pc-product-tour',
      src: `https://cdn.pendo.io/agent/static/${e(apiKey)}/pendo.js`,
      before: (w) => {
        w.pendo ??= queuingObject(['initialize', 'identify', 'updateOptions', 'pageLoad', 'track']);
        (w.pendo as { initialize: (o: unknown) => void }).initialize({ apiKey });
      },
    });
  }
  if (a.eventAnalyticsKey) {
    const token = a.eventAnalyticsKey;
    // Events tracked before the library has loaded (the Login event the sign-in page handed to the
    // app's first page) wait here: the snippet's array has no track() until the library replaces it.
    const pending: [string, unknown][] = [];
    const lib = (w: VendorWindow) => w.mixpanel as { track?: (e: string, p?: unknown) => void; reset?: () => void };
    list.push({
      id: 'pc-event-analytics',
      src: 'https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js',
      // The library initialises every instance its snippet queued in `_i` (token, options, name).
      before: (w) => {
        w.mixpanel ??= Object.assign([], { __SV: 1.2, _i: [[token, {}, 'mixpanel']] });
        // track() and the logout reset forward to it once loaded (lib/tracking/track.ts).
        w.pcAnalytics = {
          track: (event: string, props?: unknown) => {
            const mixpanel = lib(w);
            if (typeof mixpanel.track === 'function') mixpanel.track(event, props);
            else pending.push([event, props]);
          },
          reset: () => lib(w).reset?.(),
        };
      },
      after: (w) => {
        for (const [event, props] of pending.splice(0)) lib(w).track?.(event, props);
      },
    });
  }
  return list;
}

/** The help widget, loaded on the first signed-in page where it may show (app/route-effects.tsx). */
export function helpWidgetScript(a: AnalyticsConfig): ThirdPartyScript | null {
  return a.helpWidgetId ? { id: 'ze-snippet', src: `https://static.zdassets.com/ekr/snippet.js?key=${e(a.helpWidgetId)}` } : null;
}

export function injectScript(s: ThirdPartyScript, doc: Document = document, onLoad?: () => void): void {
  if (doc.getElementById(s.id)) return;
  s.before?.(doc.defaultView as unknown as VendorWindow);
  const el = doc.createElement('script');
  el.id = s.id;
  el.async = true;
  el.src = s.src;
  if (onLoad || s.after)
    el.addEventListener('load', () => {
      s.after?.(doc.defaultView as unknown as VendorWindow);
      onLoad?.();
    });
  doc.head.appendChild(el);
}

export function loadThirdPartyScripts(a: AnalyticsConfig, doc: Document = document): void {
  for (const s of thirdPartyScripts(a)) {
    try {
      injectScript(s, doc);
    } catch {
      /* a vendor's set-up failing must not stop the app or the other tools */
    }
  }
}

/** `onLoad` lets the caller apply the visibility the page wants by the time the widget exists. */
export function loadHelpWidget(a: AnalyticsConfig, onLoad?: () => void, doc: Document = document): void {
  const s = helpWidgetScript(a);
  if (s) injectScript(s, doc, onLoad);
}
