import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdsTxtItem } from '@pc/contracts';
import { AdsTxtStatusBadge, RedirectionBadge } from './status-badges';
import { relativeTime } from './status-labels';
import { renderWithProviders } from '../../../../test/render-with-providers';

type Item = Pick<AdsTxtItem, 'status' | 'missingCount' | 'errorReason'> & Partial<Pick<AdsTxtItem, 'ignoredLines'>>;

describe('ads.txt status badges', () => {
  it.each<[Item, string]>([
    [{ status: 'authorized', missingCount: 0, errorReason: null }, 'Authorized'],
    [{ status: 'missing_lines', missingCount: 3, errorReason: null }, 'Missing lines (3)'],
    [{ status: 'authorized', missingCount: 0, errorReason: null, ignoredLines: 3 }, 'Authorized, 3 lines ignored by buyers'],
    [{ status: 'missing_lines', missingCount: 2, errorReason: null, ignoredLines: 1 }, 'Missing lines (2), 1 line ignored by buyers'],
    [{ status: 'not_found', missingCount: 4, errorReason: null }, 'Not found'],
    [{ status: 'not_crawled', missingCount: 0, errorReason: null }, 'Not crawled yet'],
  ])('%o reads "%s"', (item, text) => {
    renderWithProviders(<AdsTxtStatusBadge item={item} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('an error carries its reason in text, not only on hover', () => {
    renderWithProviders(<AdsTxtStatusBadge item={{ status: 'error', missingCount: 0, errorReason: 'The response was not text/plain' }} />);
    const badge = screen.getByText(/^Error/);
    expect(badge.closest('.mantine-Badge-root')).toHaveTextContent('Error: The response was not text/plain');
  });

  it.each([
    ['not_set_up', 'Not set up'],
    ['pending', 'Pending'],
    ['verified', 'Verified'],
    ['broken', 'Broken'],
  ] as const)('redirection %s reads "%s"', (status, text) => {
    renderWithProviders(<RedirectionBadge status={status} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('formats the last crawl relatively', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(relativeTime('2026-01-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-01-10T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-01-03T12:00:00Z', now)).toBe('7 days ago');
  });
});
