import { afterEach, describe, expect, it } from 'vitest';
import type { PublicConfig } from '@pc/contracts';
import { helpWidgetScript, loadThirdPartyScripts, thirdPartyScripts } from './third-party-loader';

type AnalyticsConfig = PublicConfig['analytics'];

const NONE: AnalyticsConfig = {
  pageAnalyticsId: null,
  pageAnalyticsId2: null,
  sessionRecorderId: null,
  sessionRecorderSnippetVersion: null,
  eventAnalyticsKey: null,
  productTourKey: null,
  helpWidgetId: null,
  tagManagerId: null,
};

const ALL: AnalyticsConfig = {
  pageAnalyticsId: 'G-ONE',
  pageAnalyticsId2: 'G-TWO',
  sessionRecorderId: '31415',
  sessionRecorderSnippetVersion: '6',
  eventAnalyticsKey: 'mp-token',
  productTourKey: 'pendo-key',
  helpWidgetId: 'zd-key',
  tagManagerId: 'GTM-X',
};

type Vendor = Record<string, unknown>;
const w = () => window as unknown as Vendor;

afterEach(() => {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  for (const k of ['dataLayer', 'gtag', 'hj', '_hjSettings', 'pendo', 'mixpanel', 'pcAnalytics']) delete w()[k];
});

describe('third-party tools', () => {
  it('loads nothing when no id is configured', () => {
    expect(thirdPartyScripts(NONE)).toEqual([]);
    expect(helpWidgetScript(NONE)).toBeNull();
    loadThirdPartyScripts(NONE);
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('initialises each configured tool with its id before its script loads', () => {
    loadThirdPartyScripts(ALL);
    const srcs = [...document.head.querySelectorAll('script')].map((s) => s.src);
    expect(srcs).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-X',
      'https://www.googletagmanager.com/gtag/js?id=G-ONE',
      'https://static.hotjar.com/c/hotjar-31415.js?sv=6',
      'https://cdn.pendo.io/agent/static/pendo-key/pendo.js',
      'https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js',
    ]);
    const layer = w().dataLayer as unknown[];
    expect(layer[0]).toMatchObject({ event: 'gtm.js' });
    const configs = layer.filter((e) => (e as ArrayLike<unknown>)[0] === 'config').map((e) => (e as ArrayLike<unknown>)[1]);
    expect(configs).toEqual(['G-ONE', 'G-TWO']);
    expect(w()._hjSettings).toEqual({ hjid: 31415, hjsv: 6 });
    expect((w().pendo as { _q: unknown[][] })._q).toEqual([['initialize', { apiKey: 'pendo-key' }]]);
    expect((w().mixpanel as { _i: unknown[] })._i).toEqual([['mp-token', {}, 'mixpanel']]);
    // The help widget is not among them: it loads on signed-in pages only.
    expect(document.getElementById('ze-snippet')).toBeNull();
    expect(helpWidgetScript(ALL)).toEqual({ id: 'ze-snippet', src: 'https://static.zdassets.com/ekr/snippet.js?key=zd-key' });
  });

  it('adds each script once however often it is asked', () => {
    loadThirdPartyScripts(ALL);
    loadThirdPartyScripts(ALL);
    expect(document.head.querySelectorAll('script')).toHaveLength(5);
  });

  it('keeps events tracked before the event analytics library has loaded and sends them once it has', () => {
    loadThirdPartyScripts({ ...NONE, eventAnalyticsKey: 'mp-token' });
    const forward = w().pcAnalytics as { track: (e: string, p?: unknown) => void };
    forward.track('Login', { method: 'password' });
    const sent: unknown[][] = [];
    // What the library does when it loads: it replaces the snippet's array with itself.
    w().mixpanel = { track: (...args: unknown[]) => sent.push(args) };
    document.getElementById('pc-event-analytics')!.dispatchEvent(new Event('load'));
    forward.track('Overview View');
    expect(sent).toEqual([
      ['Login', { method: 'password' }],
      ['Overview View', undefined],
    ]);
  });
});
