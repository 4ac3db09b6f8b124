import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { ApiRequestError } from '../../lib/api-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MonitorsCard } from './monitors-card';

function withApi(answer: () => unknown) {
  const client = vi.fn(async (path: string, options?: { publisherId?: string | null }) => {
    void path;
    void options;
    const r = answer();
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  return client;
}

describe('home monitors card', () => {
  afterEach(() => vi.clearAllMocks());

  it("counts the chosen partner's monitors that are down and links to them", async () => {
    const api = withApi(() => ({ down: 2, total: 5 }));
    renderWithProviders(<MonitorsCard publisherId="1003" />);
    expect(screen.getByTestId('home-monitors-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('home-monitors-down')).toHaveTextContent('2');
    expect(screen.getByTestId('home-monitors-total')).toHaveTextContent('5');
    expect(screen.getByText('2 of 5 monitors need a look.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Monitors down' })).toHaveAttribute('href', '/uptime-monitoring?status=down');
    expect(api).toHaveBeenCalledWith('/api/monitors/summary', expect.objectContaining({ publisherId: '1003' }));
  });

  it('says all is well when nothing is down', async () => {
    withApi(() => ({ down: 0, total: 3 }));
    renderWithProviders(<MonitorsCard publisherId="1001" />);
    expect(await screen.findByTestId('home-monitors-down')).toHaveTextContent('0');
    expect(screen.getByText('Every monitor that runs is up.')).toBeInTheDocument();
  });

  it('offers to create the first monitor when there is none', async () => {
    withApi(() => ({ down: 0, total: 0 }));
    renderWithProviders(<MonitorsCard publisherId="1002" />);
    expect(await screen.findByText('No monitor watches your sites yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a monitor' })).toHaveAttribute('href', '/uptime-monitoring/new');
    expect(screen.queryByTestId('home-monitors-down')).not.toBeInTheDocument();
  });

  it('shows a load error with a retry that loads again', async () => {
    let fail = true;
    const api = withApi(() => (fail ? new ApiRequestError('The server did not answer.', 503) : { down: 1, total: 1 }));
    renderWithProviders(<MonitorsCard publisherId="1001" />);
    expect(await screen.findByText(/Uptime monitors could not be loaded: The server did not answer\./)).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('home-monitors-down')).toHaveTextContent('1'));
    expect(api.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
