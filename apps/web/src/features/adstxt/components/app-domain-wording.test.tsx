import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdsTxtRevision } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { clearToasts, getToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { useDomainActions } from '../hooks/use-domain-actions';
import { detailFixture } from '../../../../test/adstxt/domain-detail.fixture';
import { HistoryPanel } from './history-panel';
import { SellersJsonCard } from './sellers-json-card';

vi.mock('../../../lib/tracking/track', () => ({ track: vi.fn() }));

// An app developer domain's pages say app-ads.txt wherever they mean its file, never ads.txt.
const app = detailFixture({ kind: 'app', domain_name: 'studio.example', domain_id: 'd9001' });
const revisions: AdsTxtRevision[] = [
  { revision_id: 2, author: 'dana@studio.example', created: new Date().toISOString(), linesAdded: 1, linesRemoved: 0, warnings: 0 },
  { revision_id: 1, author: 'dana@studio.example', created: new Date().toISOString(), linesAdded: 3, linesRemoved: 0, warnings: 0 },
];

function withApi(answer: (path: string, method: string | undefined) => unknown) {
  configureApi(vi.fn(async (path: string, o?: { method?: string }) => answer(path, o?.method)) as unknown as ApiClient);
}

function Activate() {
  const actions = useDomainActions('1001', app.domain_id);
  return <button onClick={() => void actions.activate()}>activate</button>;
}

afterEach(() => clearToasts());

describe('an app developer domain names app-ads.txt', () => {
  it('in the sellers.json card', () => {
    renderWithProviders(<SellersJsonCard detail={app} />);
    expect(screen.getByText(/Buyers check every seller in your app-ads\.txt against/)).toBeVisible();
    expect(screen.queryByText(/your ads\.txt/)).toBeNull();
  });

  it('in the revision history and its restore dialog', async () => {
    withApi(() => revisions);
    renderWithProviders(
      <HistoryPanel publisherId="1001" domainId={app.domain_id} domainName={app.domain_name} fileName="app-ads.txt" onCompare={() => {}} />,
    );
    expect(await screen.findByRole('table', { name: 'Revisions of the hosted app-ads.txt' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Restore revision 1' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent("The hosted app-ads.txt will serve this revision's content again");
  });

  it('in the toast that says hosting is on', async () => {
    withApi((path, method) => (method === 'POST' ? app : path.includes('revisions') ? revisions : app));
    renderWithProviders(<Activate />);
    fireEvent.click(screen.getByRole('button', { name: 'activate' }));
    await waitFor(() =>
      expect(getToasts().map((t) => t.message)).toContain(
        'Hosted app-ads.txt is on for studio.example. Set up the redirection below, then verify it.',
      ),
    );
  });

  it('while a website keeps ads.txt', () => {
    renderWithProviders(<SellersJsonCard detail={detailFixture()} />);
    expect(screen.getByText(/Buyers check every seller in your ads\.txt against/)).toBeVisible();
  });
});
