import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EffectiveFlag } from '@pc/contracts';
import { configureApi } from '../api';
import type { ApiClient } from '../api-client';
import { setChosenPublisherId } from '../chosen-publisher';
import { renderWithProviders } from '../../../test/render-with-providers';
import { FeatureBadges } from './feature-badges';
import { FeatureGate } from './feature-gate';
import { badgeFlagOf, gatedAreaOf, pathVisible } from './feature-areas';

const flag = (over: Partial<EffectiveFlag> & Pick<EffectiveFlag, 'key' | 'value'>): EffectiveFlag => ({
  shape: 'BOOLEAN',
  beta: false,
  isNew: false,
  overridden: false,
  ...over,
});

function withFlags(flags: EffectiveFlag[]) {
  const client = vi.fn(async (path: string) => (path === '/api/feature-flags' ? flags : []));
  configureApi(client as unknown as ApiClient);
  return client;
}

describe('feature areas', () => {
  it('finds the gated area of a path and of the pages below it, and nothing for other paths', () => {
    expect(gatedAreaOf('/uptime-monitoring')?.flag).toBe('uptime.monitoring');
    expect(gatedAreaOf('/uptime-monitoring/42/edit')?.flag).toBe('uptime.monitoring');
    expect(gatedAreaOf('/uptime-monitoringx')).toBeUndefined();
    expect(gatedAreaOf('/payments')).toBeUndefined();
    expect(badgeFlagOf('/integrations')).toBe('integrations.webhooks');
    expect(badgeFlagOf('/payments')).toBeUndefined();
  });

  it('hides a gated path only when its flag is off; unknown or loading flags count as on', () => {
    const off = (key: string, fallback = false) => (key === 'uptime.monitoring' ? false : fallback);
    expect(pathVisible('/uptime-monitoring', off)).toBe(false);
    expect(pathVisible('/uptime-monitoring/new', off)).toBe(false);
    expect(pathVisible('/payments', off)).toBe(true);
    const loading = (_key: string, fallback = false) => fallback;
    expect(pathVisible('/uptime-monitoring', loading)).toBe(true);
  });
});

describe('FeatureGate', () => {
  beforeEach(() => setChosenPublisherId('1003'));

  it('says the feature is not enabled instead of rendering the page when its flag is off', async () => {
    withFlags([flag({ key: 'uptime.monitoring', value: false })]);
    renderWithProviders(
      <FeatureGate path="/uptime-monitoring/7">
        <p>Monitor page</p>
      </FeatureGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Uptime monitoring is not enabled for this partner' })).toBeInTheDocument();
    expect(screen.queryByText('Monitor page')).not.toBeInTheDocument();
  });

  it('renders the page when the flag is on', async () => {
    withFlags([flag({ key: 'uptime.monitoring', value: true })]);
    renderWithProviders(
      <FeatureGate path="/uptime-monitoring">
        <p>Monitor page</p>
      </FeatureGate>,
    );
    expect(await screen.findByText('Monitor page')).toBeInTheDocument();
  });

  it('renders pages outside gated areas at once, without waiting for the flags', () => {
    withFlags([flag({ key: 'uptime.monitoring', value: false })]);
    renderWithProviders(
      <FeatureGate path="/payments">
        <p>Payments page</p>
      </FeatureGate>,
    );
    expect(screen.getByText('Payments page')).toBeInTheDocument();
  });
});

describe('FeatureBadges', () => {
  beforeEach(() => setChosenPublisherId('1001'));

  it('shows "new" and "beta" as the effective flag says, and nothing for a plain flag', async () => {
    withFlags([
      flag({ key: 'a.new', value: true, isNew: true }),
      flag({ key: 'b.beta', shape: 'EXTENSION', value: 0, beta: true }),
      flag({ key: 'c.plain', value: true }),
    ]);
    renderWithProviders(
      <>
        <span data-testid="a">
          <FeatureBadges flag="a.new" />
        </span>
        <span data-testid="b">
          <FeatureBadges flag="b.beta" />
        </span>
        <span data-testid="c">
          <FeatureBadges flag="c.plain" />
        </span>
      </>,
    );
    expect(await screen.findByText('new')).toBeInTheDocument();
    expect(screen.getByTestId('a')).toHaveTextContent(/^new$/);
    expect(screen.getByTestId('b')).toHaveTextContent(/^beta$/);
    expect(screen.getByTestId('c')).toHaveTextContent(/^$/);
  });
});
