import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { ApiRequestError } from '../../lib/api-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { IncidentsCard } from './incidents-card';
import { OfflineBanner } from './offline-banner';
import { RevenueTrendCard } from './revenue-trend-card';

/** The API answers with the next of `answers` (an Error is thrown), the last one repeating. */
function withApi(...answers: unknown[]) {
  let i = 0;
  const client = vi.fn(async () => {
    const r = answers[Math.min(i++, answers.length - 1)];
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  return client;
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('home dashboard loading, error and offline states', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a skeleton, then an error that says what to do, and Retry loads the card', async () => {
    const api = withApi(new ApiRequestError('Internal error', 500), { open: 3, acknowledged: 1 });
    renderWithProviders(<IncidentsCard publisherId="1001" />);
    const alert = await screen.findByRole('alert', { name: 'Incidents could not be loaded' });
    expect(alert).toHaveTextContent('Check your connection and retry');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByTestId('home-open-incidents')).toHaveTextContent('3');
    expect(api).toHaveBeenCalledTimes(2);
  });

  it('the revenue trend card shows its error with a working Retry', () => {
    const retry = vi.fn();
    renderWithProviders(<RevenueTrendCard data={undefined} isLoading={false} error={new Error('Server unavailable')} retry={retry} />);
    expect(screen.getByRole('alert', { name: 'The revenue trend could not be loaded' })).toHaveTextContent('Server unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('the revenue trend card shows a skeleton while loading', () => {
    renderWithProviders(<RevenueTrendCard data={undefined} isLoading />);
    expect(screen.getByTestId('home-revenue-trend-loading')).toBeInTheDocument();
  });

  it('says the figures may be stale while offline and reloads them when back online', async () => {
    const api = withApi({ open: 2, acknowledged: 0 }, { open: 5, acknowledged: 0 });
    renderWithProviders(
      <>
        <OfflineBanner />
        <IncidentsCard publisherId="1001" />
      </>,
    );
    expect(await screen.findByTestId('home-open-incidents')).toHaveTextContent('2');
    expect(screen.queryByTestId('home-offline-banner')).toBeNull();

    setOnline(false);
    expect(screen.getByTestId('home-offline-banner')).toHaveTextContent('may be stale');
    expect(screen.getByTestId('home-open-incidents')).toHaveTextContent('2');

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('home-offline-banner')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('home-open-incidents')).toHaveTextContent('5'));
    expect(api).toHaveBeenCalledTimes(2);
  });
});
