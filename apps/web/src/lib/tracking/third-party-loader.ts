import type { PublicConfig } from '@pc/contracts';

type AnalyticsConfig = PublicConfig['analytics'];

export interface ThirdPartyScript {
  id: string;
  src: string;
}

/**
 * The third-party scripts to inject, built only from configured ids (docs/product.md#users): with no id
 * nothing is loaded, so the default install makes no request to any outside host.
 */
export function thirdPartyScripts(a: AnalyticsConfig): ThirdPartyScript[] {
  const e = encodeURIComponent;
  const list: ThirdPartyScript[] = [];
  if (a.tagManagerId) list.push({ id: 'pc-tag-manager', src: `https://www.googletagmanager.com/gtm.js?id=${e(a.tagManagerId)}` });
  if (a.pageAnalyticsId) list.push({ id: 'pc-page-analytics', src: `https://www.googletagmanager.com/gtag/js?id=${e(a.pageAnalyticsId)}` });
  if (a.sessionRecorderId)
    list.push({
      id: 'pc-session-recorder',
      src: `https://static.hotjar.com/c/hotjar-${e(a.sessionRecorderId)}.js?sv=${e(a.sessionRecorderSnippetVersion ?? '6')}`,
    });
  if (a.helpWidgetId) list.push({ id: 'pc-help-widget', src: `https://static.zdassets.com/ekr/snippet.js?key=${e(a.helpWidgetId)}` });
  if (a.productTourKey) list.push({ id: 'pc-product-tour', src: `https://cdn.pendo.io/agent/static/${e(a.productTourKey)}/pendo.js` });
  if (a.eventAnalyticsKey) list.push({ id: 'pc-event-analytics', src: 'https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js' });
  return list;
}

export function loadThirdPartyScripts(a: AnalyticsConfig, doc: Document = document): void {
  for (const s of thirdPartyScripts(a)) {
    if (doc.getElementById(s.id)) continue;
    const el = doc.createElement('script');
    el.id = s.id;
    el.async = true;
    el.src = s.src;
    doc.head.appendChild(el);
  }
}
