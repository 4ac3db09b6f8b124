import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { thirdPartyHosts } from './security-headers';

// The CSP allows exactly what each configured tool needs, and nothing when none is.
const hostsWith = (env: Record<string, string>) => thirdPartyHosts(loadConfig({ NODE_ENV: 'test', ...env })).sort();

describe('thirdPartyHosts', () => {
  it('adds nothing when no id is configured', () => {
    expect(hostsWith({})).toEqual([]);
  });

  it.each([
    ['TAG_MANAGER_ID', 'GTM-X', ['https://*.google-analytics.com', 'https://www.google-analytics.com', 'https://www.googletagmanager.com']],
    [
      'PAGE_ANALYTICS_ID',
      'G-X',
      ['https://*.google-analytics.com', 'https://www.google-analytics.com', 'https://www.googletagmanager.com'],
    ],
    [
      'PAGE_ANALYTICS_ID_2',
      'G-Y',
      ['https://*.google-analytics.com', 'https://www.google-analytics.com', 'https://www.googletagmanager.com'],
    ],
    [
      'SESSION_RECORDER_ID',
      '123',
      ['https://*.hotjar.com', 'https://script.hotjar.com', 'https://static.hotjar.com', 'wss://*.hotjar.com'],
    ],
    ['HELP_WIDGET_ID', 'zd-key', ['https://*.zendesk.com', 'https://static.zdassets.com', 'wss://*.zendesk.com']],
    ['PRODUCT_TOUR_KEY', 'pendo-key', ['https://app.pendo.io', 'https://cdn.pendo.io', 'https://data.pendo.io']],
    ['EVENT_ANALYTICS_KEY', 'mp-token', ['https://api-js.mixpanel.com', 'https://cdn.mxpnl.com']],
  ])('%s alone adds only its own hosts', (name, value, hosts) => {
    expect(hostsWith({ [name]: value })).toEqual([...hosts].sort());
  });

  it('a blank id counts as not configured', () => {
    expect(hostsWith({ HELP_WIDGET_ID: '  ' })).toEqual([]);
  });
});
