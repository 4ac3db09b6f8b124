import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeMover, DimensionChange, RevenueChange } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { viewport } from '../../../../test/viewport';
import { RevenueChangePanel, changeQuery } from './revenue-change-panel';

const mover = (value: string, changeCents: number, volumeCents: number, extra: Partial<ChangeMover> = {}): ChangeMover => ({
  value,
  changeCents,
  volumeCents,
  priceCents: changeCents - volumeCents,
  revenue: { current: 0, previous: 0 },
  impressions: { current: 0, previous: 0 },
  impressionsRatio: -0.1,
  eCpmRatio: -0.3,
  effect: 'both',
  ...extra,
});

const dimension = (
  d: DimensionChange['dimension'],
  movers: ChangeMover[],
  rest: number,
  mix: DimensionChange['mix'] = null,
): DimensionChange => ({
  dimension: d,
  movers,
  rest: { count: rest === 0 ? 0 : 2, changeCents: rest },
  rateCents: -6000,
  mixCents: -700,
  mix,
});

const change: RevenueChange = {
  currency: 'USD',
  range: { from: '2026-11-21', to: '2026-11-27' },
  compared: { from: '2026-11-14', to: '2026-11-20' },
  revenue: { current: 616, previous: 700 },
  impressions: { current: 80_000, previous: 82_000 },
  ratio: -0.12,
  explanation: {
    kind: 'explained',
    total: { changeCents: -8400, volumeCents: -1700, priceCents: -6700 },
    dimensions: [
      dimension('sites', [mover('Northwind Sport', -7000, -500), mover('Northwind News', -1400, -1200, { effect: 'volume' })], 0),
      dimension('product_type', [mover('Video', -9000, -1000)], 600, { cents: -700, value: 'Video', shareBefore: 0.2, shareAfter: 0.15 }),
      dimension('size', [mover('640x360', -8400, -1700)], 0),
      dimension('brand', [mover('Acme Motors', -8400, -8400, { effect: 'gone' })], 0),
    ],
    headline: { ...mover('Video on Northwind Sport', -7100, -400), site: 'Northwind Sport', productType: 'Video' },
  },
};

describe("the report's What changed", () => {
  it('states the change, its volume and price parts, and the sites that moved it, summing to the change', async () => {
    const api = vi.fn(async () => change);
    configureApi(api as unknown as ApiClient);
    const query = { from: '2026-11-21', to: '2026-11-27', compare: 'previous' as const };
    renderWithProviders(<RevenueChangePanel publisherId="1001" query={query} />);
    expect(await screen.findByText('Revenue −12.0% (−$84.00): Video on Northwind Sport, eCPM −30.0%')).toBeInTheDocument();
    expect(screen.getByTestId('revenue-change-drivers')).toHaveTextContent(
      'Volume (impressions at the earlier eCPM) −$17.00 · Price (eCPM at the current impressions) −$67.00',
    );
    const rows = within(screen.getByRole('table', { name: 'What changed by Site' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Northwind Sport−$70.00−$5.00−$65.00eCPM −30.0%');
    expect(rows[2]).toHaveTextContent('Northwind News−$14.00−$12.00−$2.00impressions −10.0%');
    expect(api).toHaveBeenCalledWith('/api/partner-center/revenue-change', expect.objectContaining({ publisherId: '1001', query }));
  });

  it('shows each member as a card on a phone, with no table to scroll sideways', async () => {
    viewport(375);
    configureApi(vi.fn(async () => change) as unknown as ApiClient);
    renderWithProviders(<RevenueChangePanel publisherId="1001" query={{ from: '2026-11-21', to: '2026-11-27', compare: 'previous' }} />);
    const cards = within(await screen.findByRole('list', { name: 'What changed by Site' })).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Northwind SportChange−$70.00Volume−$5.00Price−$65.00What moved iteCPM −30.0%');
    expect(screen.queryByRole('table', { name: 'What changed by Site' })).toBeNull();
    vi.restoreAllMocks();
  });

  it('switches to another dimension with everything else and a named mix effect', async () => {
    configureApi(vi.fn(async () => change) as unknown as ApiClient);
    renderWithProviders(<RevenueChangePanel publisherId="1001" query={{ from: '2026-11-21', to: '2026-11-27' }} />);
    fireEvent.click(await screen.findByText('Product Type'));
    const table = await screen.findByRole('table', { name: 'What changed by Product Type' });
    expect(within(table).getByText('Everything else (2)').closest('tr')).toHaveTextContent('+$6.00');
    expect(screen.getByTestId('revenue-change-mix')).toHaveTextContent(
      "Mix effect −$7.00: Video's share of impressions went from 20.0% to 15.0%",
    );
    fireEvent.click(screen.getByText('Brand'));
    expect(within(await screen.findByRole('table', { name: 'What changed by Brand' })).getByText('no revenue')).toBeInTheDocument();
  });

  it("gives the report's reason instead of an explanation when the days are not compared", async () => {
    configureApi(vi.fn(async () => ({ ...change, ratio: null, explanation: { kind: 'partialDay' } })) as unknown as ApiClient);
    renderWithProviders(<RevenueChangePanel publisherId="1001" query={{ from: '2026-11-21', to: '2026-11-28' }} />);
    expect(await screen.findByText('Revenue: Includes a partial day, not compared')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("asks for the chart's days: preset, comparison (a custom one without days is the previous period) and filters", () => {
    const range = { from: '2026-11-01', to: '2026-11-27' };
    const filters = [{ dimension: 'sites' as const, mode: 'include' as const, values: ['5001'] }];
    expect(changeQuery(range, { preset: 'thisMonth', compare: 'custom', compareCustom: null, filters: [] })).toEqual({
      ...range,
      preset: 'thisMonth',
      compare: 'previous',
    });
    const custom = { from: '2026-10-01', to: '2026-10-27' };
    expect(changeQuery(range, { preset: 'custom', compare: 'custom', compareCustom: custom, filters })).toMatchObject({
      compare: 'custom',
      compareFrom: '2026-10-01',
      compareTo: '2026-10-27',
      filters: expect.stringContaining('5001'),
    });
  });
});
