import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RevenueChange } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { revenueChangeSentence } from '@pc/contracts';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MonthToDateChange, WhatChanged } from './what-changed';
import { RevenueKpis } from './revenue-kpis';
import type { HomeSummary } from '@pc/contracts';

const mover = {
  value: 'Video on Northwind Sport',
  site: 'Northwind Sport',
  productType: 'Video',
  changeCents: -7100,
  volumeCents: -400,
  priceCents: -6700,
  revenue: { current: 165.5, previous: 236.5 },
  impressions: { current: 23_000, previous: 23_650 },
  impressionsRatio: -0.0275,
  eCpmRatio: -0.3,
  effect: 'both' as const,
};

const explained: RevenueChange = {
  currency: 'EUR',
  range: { from: '2026-11-27', to: '2026-11-27' },
  compared: { from: '2026-11-26', to: '2026-11-26' },
  revenue: { current: 616, previous: 700 },
  impressions: { current: 80_000, previous: 82_000 },
  ratio: -0.12,
  explanation: {
    kind: 'explained',
    total: { changeCents: -8400, volumeCents: -1700, priceCents: -6700 },
    dimensions: [],
    headline: mover,
  },
};

describe('the one-sentence revenue change', () => {
  it('names the change, its money, and the product type on a site that moved it with its driver', () => {
    expect(revenueChangeSentence('Yesterday', explained)).toBe('Yesterday −12.0% (−€84.00): Video on Northwind Sport, eCPM −30.0%');
  });
  it('names impressions when volume moved the member more than price', () => {
    const headline = { ...mover, volumeCents: -6000, priceCents: -1100, impressionsRatio: -0.25 };
    const e = { ...explained.explanation, headline } as RevenueChange['explanation'];
    expect(revenueChangeSentence('Yesterday', { ...explained, explanation: e })).toMatch(/Video on Northwind Sport, impressions −25.0%$/);
  });
  it("gives the report's reason when the periods are not compared", () => {
    expect(revenueChangeSentence('Yesterday', { ...explained, ratio: null, explanation: { kind: 'partialData' } })).toBe(
      'Yesterday: Partial data in the comparison period',
    );
  });
});

describe('home: what changed', () => {
  afterEach(() => vi.clearAllMocks());

  it("explains yesterday against the day before from the API, and links to yesterday's report", async () => {
    const api = vi.fn(async () => explained);
    configureApi(api as unknown as ApiClient);
    renderWithProviders(<WhatChanged publisherId="1001" yesterday="2026-11-27" />);
    expect(await screen.findByText('Yesterday −12.0% (−€84.00): Video on Northwind Sport, eCPM −30.0%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Open yesterday's report" })).toHaveAttribute(
      'href',
      expect.stringContaining('preset=yesterday'),
    );
    expect(api).toHaveBeenCalledWith(
      '/api/partner-center/revenue-change',
      expect.objectContaining({ publisherId: '1001', query: { from: '2026-11-27', to: '2026-11-27', compare: 'previous' } }),
    );
  });

  it('says so in a line when the explanation fails, without hiding the figures', async () => {
    configureApi(vi.fn(async () => Promise.reject(new Error('offline'))) as unknown as ApiClient);
    renderWithProviders(<WhatChanged publisherId="1001" yesterday="2026-11-27" />);
    expect(await screen.findByText('Why revenue moved could not be worked out just now.')).toBeInTheDocument();
  });
});

const monthToDate = { from: '2026-11-01', to: '2026-11-27' };
const mtdExplained: RevenueChange = {
  ...explained,
  range: monthToDate,
  compared: { from: '2026-10-01', to: '2026-10-27' },
  revenue: { current: 11_000, previous: 10_000 },
  ratio: 0.1,
  explanation: {
    kind: 'explained',
    total: { changeCents: 100_000, volumeCents: 40_000, priceCents: 60_000 },
    dimensions: [],
    headline: { ...mover, changeCents: 70_000, volumeCents: 10_000, priceCents: 60_000, eCpmRatio: 0.25 },
  },
};

describe('home: what changed month to date', () => {
  afterEach(() => vi.clearAllMocks());

  it("explains month to date against the same days of last month (the card's comparison), linking to the month-to-date report", async () => {
    const api = vi.fn(async () => mtdExplained);
    configureApi(api as unknown as ApiClient);
    renderWithProviders(<MonthToDateChange publisherId="1001" monthToDate={monthToDate} />);
    const line = await screen.findByTestId('home-mtd-what-changed');
    expect(line).toHaveTextContent('Month to date +10.0% (+€1,000.00): Video on Northwind Sport, eCPM +25.0%');
    expect(screen.getByRole('link', { name: 'Open the month-to-date report' })).toHaveAttribute(
      'href',
      expect.stringContaining('preset=thisMonth'),
    );
    // The "to date" preset: the endpoint compares with the same days of the previous month.
    expect(api).toHaveBeenCalledWith(
      '/api/partner-center/revenue-change',
      expect.objectContaining({
        publisherId: '1001',
        query: { from: '2026-11-01', to: '2026-11-27', preset: 'thisMonth', compare: 'previous' },
      }),
    );
  });

  it('shows a placeholder while loading, then a line when the explanation fails', async () => {
    let fail: (e: Error) => void = () => undefined;
    configureApi(vi.fn(() => new Promise((_, reject) => (fail = reject))) as unknown as ApiClient);
    renderWithProviders(<MonthToDateChange publisherId="1001" monthToDate={monthToDate} />);
    expect(await screen.findByTestId('home-mtd-what-changed-loading')).toBeInTheDocument();
    fail(new Error('offline'));
    expect(await screen.findByText('Why revenue moved could not be worked out just now.')).toBeInTheDocument();
    expect(screen.queryByTestId('home-mtd-what-changed-loading')).not.toBeInTheDocument();
  });

  it("sits in the month-to-date card, outside the card's own link", async () => {
    configureApi(vi.fn(async () => mtdExplained) as unknown as ApiClient);
    const summary: HomeSummary = {
      currency: 'EUR',
      timeZone: 'UTC',
      today: '2026-11-28',
      yesterday: { date: '2026-11-27', revenue: 616, eCpm: 1.5, impressions: 80_000 },
      monthToDate: {
        ...monthToDate,
        revenue: 11_000,
        eCpm: 1.6,
        previous: { from: '2026-10-01', to: '2026-10-27', revenue: 10_000 },
        change: { kind: 'change', ratio: 0.1 },
        changeRatio: 0.1,
      },
      last30Days: [],
      estimatedFrom: null,
    };
    renderWithProviders(<RevenueKpis data={summary} error={undefined} isLoading={false} retry={vi.fn()} publisherId="1001" />);
    const line = await screen.findByText(/^Month to date \+10\.0%/);
    const card = screen.getByRole('link', { name: /Month to date: €11,000.00/ });
    expect(card).not.toContainElement(line);
    expect(card.parentElement).toContainElement(line);
    // The other cards have no sentence of their own.
    expect(screen.getAllByText(/could not be worked out|^Month to date [+−]/)).toHaveLength(1);
  });
});
