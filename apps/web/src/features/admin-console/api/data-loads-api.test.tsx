import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { useDataLoads } from './data-loads-api';

function Probe({ reportType, status }: { reportType: string; status: string }) {
  useDataLoads(reportType, status);
  return null;
}

function recordCalls() {
  const client = vi.fn(async () => ({ latest: [], runs: [] }));
  configureApi(client as unknown as ApiClient);
  return client;
}

describe('the data loads query', () => {
  afterEach(() => vi.clearAllMocks());

  it('sends the chosen report type and status as filters, for no publisher', async () => {
    const client = recordCalls();
    renderWithProviders(<Probe reportType="revenue" status="rejected" />);
    await vi.waitFor(() =>
      expect(client).toHaveBeenCalledWith('/api/admin/data-loads', {
        publisherId: null,
        query: { reportType: 'revenue', status: 'rejected' },
      }),
    );
  });

  it('leaves out an empty filter and one that names no option', async () => {
    const client = recordCalls();
    renderWithProviders(<Probe reportType="" status="pending" />);
    await vi.waitFor(() => expect(client).toHaveBeenCalledWith('/api/admin/data-loads', { publisherId: null, query: {} }));
  });
});
