import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, type SavedReport } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { clearToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { parseBuilder } from '../state/report-query';
import { SavedReportsPanel } from './saved-reports-panel';

function renderPanel(saved: SavedReport[] = []) {
  const client = vi.fn(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (options?.method === 'POST') return { id: 'sr-1', ...(options.body as object) };
    void path;
    return saved;
  });
  configureApi(client as unknown as ApiClient);
  renderWithProviders(
    <SavedReportsPanel
      type="revenue"
      publisherId="1001"
      state={parseBuilder('revenue', new URLSearchParams())}
      timeZone="UTC"
      onOpen={() => undefined}
    />,
  );
  return client;
}

const openDialog = () => fireEvent.click(screen.getByRole('button', { name: 'Save this view' }));
const shareSwitch = () => screen.getByRole('switch', { name: /Share with my team/ });

afterEach(() => clearToasts());

describe('Save this view', () => {
  it('starts private every time it opens, after a cancelled share too', async () => {
    renderPanel();
    openDialog();
    expect(await screen.findByRole('dialog', { name: 'Save this view' })).toBeInTheDocument();
    expect(shareSwitch()).not.toBeChecked();
    fireEvent.click(shareSwitch());
    expect(shareSwitch()).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    openDialog();
    expect(await screen.findByRole('dialog', { name: 'Save this view' })).toBeInTheDocument();
    expect(shareSwitch()).not.toBeChecked();
  });

  it('starts private again after a view was saved shared', async () => {
    const api = renderPanel();
    openDialog();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Weekly sites' } });
    fireEvent.click(shareSwitch());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(api).toHaveBeenCalledWith(
      expect.stringContaining('saved-reports'),
      expect.objectContaining({ method: 'POST', body: expect.objectContaining({ shared: true }) }),
    );
    openDialog();
    expect(await screen.findByRole('dialog', { name: 'Save this view' })).toBeInTheDocument();
    expect(shareSwitch()).not.toBeChecked();
  });
});

describe('A scheduled report', () => {
  const scheduled = (over: Partial<NonNullable<SavedReport['schedule']>>): SavedReport => ({
    id: 'sr-2',
    name: 'Weekly sites',
    reportType: 'revenue',
    shared: false,
    view: { preset: 'last30', dimensions: ['sites'], metrics: ['revenue'], interval: 'Cumulative', filters: [], sort: null },
    mine: true,
    ownerEmail: 'user@example.test',
    updatedAt: '2026-03-01T10:00:00.000Z',
    schedule: {
      frequency: 'weekly',
      format: 'csv',
      paused: false,
      nextRunAt: '2026-03-09T05:00:00.000Z',
      timeZone: 'Europe/Paris',
      lastRunAt: null,
      lastStatus: null,
      lastError: null,
      ...over,
    },
  });

  it("says when it next goes out in the product's date-time format, in its own zone", async () => {
    renderPanel([scheduled({})]);
    const status = await screen.findByTestId('schedule-status');
    expect(status).toHaveTextContent(`Next: ${formatDateTime('2026-03-09T05:00:00.000Z', 'Europe/Paris')} (Europe/Paris)`);
    // 06:00 in Paris, followed by the zone's abbreviation as every date-time in the product.
    expect(status.textContent).toMatch(/^Next: Mar 9, 2026, 6:00 AM \S+ \(Europe\/Paris\)$/);
  });

  it('adds how its last run went', async () => {
    renderPanel([scheduled({ lastStatus: 'failed', lastError: 'mail server refused' })]);
    expect(await screen.findByTestId('schedule-status')).toHaveTextContent(/ · last run failed: mail server refused$/);
  });
});
