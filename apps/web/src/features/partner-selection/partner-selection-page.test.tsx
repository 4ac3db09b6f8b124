import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Routes, TrackingEvents, type Partner, type UserScope } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { ApiRequestError } from '../../lib/api-error';
import { getChosenPublisherId, setChosenPublisherId } from '../../lib/chosen-publisher';
import { StorageKeys, writeString } from '../../lib/storage';
import { track } from '../../lib/tracking/track';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PartnerSelectionPage } from './partner-selection-page';

vi.mock('../../lib/tracking/track', () => ({ track: vi.fn() }));

const PARTNERS: Partner[] = [
  { publisherId: '1001', name: 'Northwind News' },
  { publisherId: '1003', name: 'Evergreen Digital' },
];
const MULTI: UserScope = { type: 'external_multiple', publishers: ['1001', '1003'] };

function renderSelection(scope: UserScope, answer: () => unknown = () => PARTNERS) {
  const client = vi.fn(async () => {
    const r = answer();
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  const visited: string[] = [];
  renderWithProviders(<PartnerSelectionPage />, {
    url: Routes.partnerSelection,
    signedInAs: scope,
    onLocation: (p) => visited.push(p),
  });
  return { client, visited };
}

describe('partner selection', () => {
  beforeEach(() => {
    localStorage.clear();
    setChosenPublisherId(null);
  });
  afterEach(() => vi.clearAllMocks());

  it('lists the partners, filters as you type and opens the chosen one on the dashboard', async () => {
    const { visited } = renderSelection(MULTI);
    expect(await screen.findByRole('option', { name: /Northwind News/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Evergreen Digital/ })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Search partners' }), { target: { value: 'ever' } });
    expect(screen.queryByRole('option', { name: /Northwind News/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: /Evergreen Digital/ }));
    expect(getChosenPublisherId()).toBe('1003');
    expect(track).toHaveBeenCalledWith(TrackingEvents.partnersCenter, { publisherId: '1003' });
    await waitFor(() => expect(visited.at(-1)).toBe(Routes.home));
  });

  it('keyboard: arrows move the active option and Enter picks it', async () => {
    renderSelection(MULTI);
    const box = screen.getByRole('combobox', { name: 'Search partners' });
    await screen.findByRole('option', { name: /Northwind News/ });
    expect(screen.getByRole('option', { name: /Northwind News/ })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(screen.getByRole('option', { name: /Evergreen Digital/ })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(getChosenPublisherId()).toBe('1003');
  });

  it('returns to the page the user first asked for, never to an outside address', async () => {
    writeString(StorageKeys.redirectPath, '/partners/payments');
    const first = renderSelection(MULTI);
    fireEvent.click(await screen.findByRole('option', { name: /Northwind News/ }));
    await waitFor(() => expect(first.visited.at(-1)).toBe('/partners/payments'));
  });

  it('an outside redirect falls back to the dashboard', async () => {
    writeString(StorageKeys.redirectPath, '//evil.example/phish');
    const { visited } = renderSelection(MULTI);
    fireEvent.click(await screen.findByRole('option', { name: /Northwind News/ }));
    await waitFor(() => expect(visited.at(-1)).toBe(Routes.home));
  });

  it('a single-partner user is taken straight through without a list', async () => {
    const { client, visited } = renderSelection({ type: 'external_single', publisherId: '1002' });
    await waitFor(() => expect(visited.at(-1)).toBe(Routes.home));
    expect(getChosenPublisherId()).toBe('1002');
    expect(client).not.toHaveBeenCalled();
  });

  it('says when the list could not be loaded and tries again', async () => {
    let fail = true;
    renderSelection(MULTI, () => (fail ? new ApiRequestError('The service is unavailable.', 503) : PARTNERS));
    expect(await screen.findByText('The partner list could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /Northwind News/ })).toBeInTheDocument();
  });

  it('shows No results found for a search that matches nothing', async () => {
    renderSelection(MULTI);
    await screen.findByRole('option', { name: /Northwind News/ });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search partners' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });
});
