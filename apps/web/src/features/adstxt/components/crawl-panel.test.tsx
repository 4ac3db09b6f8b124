import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { CrawlPanel, crawlSummary } from './crawl-panel';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { detailFixture } from '../../../../test/adstxt/domain-detail.fixture';

const goodAt = '2026-11-20T08:00:00.000Z';
const failedDetail = detailFixture({
  status: 'error',
  errorReason: 'The name northwind-news.example does not resolve: it has no DNS record, or the domain has lapsed.',
  missingCount: 0,
  missingLines: [],
  lastCrawl: { at: goodAt, httpStatus: null, stale: false, usedPrevious: true },
  lastAttempt: { at: new Date().toISOString(), ok: false },
  readInLatestCrawl: false,
});

describe('a failed crawl', () => {
  it('says what failed, when the last successful read was and what to do', () => {
    const text = crawlSummary(failedDetail);
    expect(text).toMatch(
      /^We could not read ads\.txt at northwind-news\.example just now: The name northwind-news\.example does not resolve/,
    );
    expect(text).toContain('The last successful read was');
    expect(text).toContain('press Verify now');
    expect(text).not.toMatch(/Authorized|ENOTFOUND/);
  });

  it('never says nothing is missing for a file the latest crawl could not read', () => {
    renderWithProviders(<CrawlPanel detail={failedDetail} publisherId="1001" />);
    expect(screen.queryByText(/Nothing is missing/)).not.toBeInTheDocument();
    expect(screen.getByText(/We cannot tell what is missing until the file can be read again/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('We could not read ads.txt');
  });

  it('still says nothing is missing for a file read in the latest crawl', () => {
    renderWithProviders(
      <CrawlPanel detail={detailFixture({ status: 'authorized', missingCount: 0, missingLines: [] })} publisherId="1001" />,
    );
    expect(screen.getByText('Nothing is missing: every required line is in the file.')).toBeInTheDocument();
  });
});

describe('an app developer domain', () => {
  const app = detailFixture({ kind: 'app', domain_name: 'studio.example', status: 'not_found', lastCrawl: null });

  it('names app-ads.txt, never ads.txt', () => {
    expect(crawlSummary(app)).toBe('No app-ads.txt was found at studio.example/app-ads.txt (HTTP 404).');
    expect(crawlSummary({ ...app, status: 'not_crawled' })).toBe(
      'This domain has not been crawled yet. Press Verify now to fetch its app-ads.txt.',
    );
  });

  it('shows the required lines of app-ads.txt', () => {
    renderWithProviders(<CrawlPanel detail={{ ...app, status: 'missing_lines' }} publisherId="1001" />);
    expect(screen.getByText('The lines every app-ads.txt of yours must contain so we can sell your inventory.')).toBeVisible();
    expect(screen.getByText(/to the app-ads\.txt file at the root of studio\.example/)).toBeVisible();
  });
});
