import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '../../../lib/api';
import type { ApiClient } from '../../../lib/api-client';
import { clearToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { parseBuilder } from '../state/report-query';
import { SavedReportsPanel } from './saved-reports-panel';

function renderPanel() {
  const client = vi.fn(async (path: string, options?: { method?: string; body?: unknown }) => {
    if (options?.method === 'POST') return { id: 'sr-1', ...(options.body as object) };
    void path;
    return [];
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
