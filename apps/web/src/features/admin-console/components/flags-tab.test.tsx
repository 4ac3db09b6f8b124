import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlagDefinition } from '@pc/contracts';
import { configureApi } from '../../../lib/api';
import type { ApiClient, RequestOptions } from '../../../lib/api-client';
import { ApiRequestError } from '../../../lib/api-error';
import { getToasts } from '../../../lib/toast';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { FlagsTab } from './flags-tab';

const monitors: FlagDefinition = {
  key: 'uptime.max_monitors',
  shape: 'LIMIT',
  description: 'How many uptime monitors a partner may add',
  beta: false,
  markedNew: false,
  defaultValue: 5,
  overrides: 2,
  updatedAt: '2026-11-01T10:00:00.000Z',
};

/** A client answering the definitions list, and `write` for anything else. */
function serve(write: (path: string, o: RequestOptions | undefined) => unknown) {
  const client = vi.fn(async (path: string, o?: RequestOptions) =>
    path === '/api/admin/feature-flags' && (o?.method ?? 'GET') === 'GET' ? [monitors] : write(path, o),
  );
  configureApi(client as unknown as ApiClient);
  return client;
}

describe('flags tab: defining and editing flags', () => {
  afterEach(() => vi.clearAllMocks());

  it('creates a LIMIT flag with its default, description and badges, and refreshes the list', async () => {
    const client = serve((_, o) => ({ ...monitors, ...(o?.body as object), overrides: 0 }));
    renderWithProviders(<FlagsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'New flag' }));
    const form = screen.getByRole('form', { name: 'New flag' });
    expect(within(form).getByLabelText(/Flag name/)).toHaveFocus();
    fireEvent.change(within(form).getByLabelText(/Flag name/), { target: { value: 'reports.max_saved' } });
    fireEvent.change(within(form).getByLabelText(/Shape/), { target: { value: 'LIMIT' } });
    // Choosing a shape starts the default at that shape's value.
    expect(within(form).getByLabelText(/Default value/)).toHaveValue('0');
    fireEvent.change(within(form).getByLabelText(/Default value/), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText(/Description/), { target: { value: 'Saved reports per partner' } });
    fireEvent.click(within(form).getByLabelText(/Beta/));
    const listCalls = client.mock.calls.filter(([p, o]) => p === '/api/admin/feature-flags' && !o?.method).length;
    fireEvent.submit(form);
    await vi.waitFor(() =>
      expect(client).toHaveBeenCalledWith('/api/admin/feature-flags', {
        method: 'POST',
        publisherId: null,
        query: undefined,
        body: {
          key: 'reports.max_saved',
          shape: 'LIMIT',
          description: 'Saved reports per partner',
          beta: true,
          markedNew: false,
          defaultValue: 10,
        },
        responseType: 'json',
      }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: 'New flag' })).not.toBeInTheDocument());
    expect(getToasts()).toContainEqual(
      expect.objectContaining({ severity: 'success', message: expect.stringContaining('Flag reports.max_saved created.') }),
    );
    // Focus goes back to the button that opened the form.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'New flag' })).toHaveFocus());
    await vi.waitFor(() =>
      expect(client.mock.calls.filter(([p, o]) => p === '/api/admin/feature-flags' && !o?.method).length).toBeGreaterThan(listCalls),
    );
  });

  it("checks the name and the default against the flag's rules before sending", async () => {
    const client = serve(() => ({}));
    renderWithProviders(<FlagsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'New flag' }));
    const form = screen.getByRole('form', { name: 'New flag' });
    fireEvent.change(within(form).getByLabelText(/Flag name/), { target: { value: 'Reports Saved' } });
    fireEvent.change(within(form).getByLabelText(/Shape/), { target: { value: 'LIMIT' } });
    fireEvent.change(within(form).getByLabelText(/Default value/), { target: { value: '1.5' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(/Use lower-case words/)).toBeInTheDocument();
    expect(within(form).getByText('A LIMIT flag takes a whole number from 0.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Flag name/)).toHaveFocus();
    expect(client.mock.calls.some(([, o]) => o?.method === 'POST')).toBe(false);
  });

  it("shows the server's field message at the field (a name taken already)", async () => {
    serve(() => {
      throw new ApiRequestError('A flag named reports.max_saved exists already. Edit it instead.', 409, 'Conflict', {
        key: 'A flag named reports.max_saved exists already. Edit it instead.',
      });
    });
    renderWithProviders(<FlagsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'New flag' }));
    const form = screen.getByRole('form', { name: 'New flag' });
    fireEvent.change(within(form).getByLabelText(/Flag name/), { target: { value: 'reports.max_saved' } });
    fireEvent.submit(form);
    const name = within(form).getByLabelText(/Flag name/);
    await vi.waitFor(() => expect(name).toHaveAccessibleDescription(/exists already/));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
  });

  it('edits a flag, sending only what changed, and shows a 400 field message at the default', async () => {
    let fail = true;
    const client = serve((_, o) => {
      if (fail)
        throw new ApiRequestError('Invalid input', 400, 'ValidationError', { defaultValue: 'A LIMIT flag takes a whole number from 0.' });
      return { ...monitors, ...(o?.body as object) };
    });
    renderWithProviders(<FlagsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit uptime.max_monitors' }));
    const form = screen.getByRole('form', { name: 'Edit flag uptime.max_monitors' });
    expect(within(form).queryByLabelText(/Flag name/)).not.toBeInTheDocument();
    const value = within(form).getByLabelText(/Default value/);
    expect(value).toHaveValue('5');
    fireEvent.change(value, { target: { value: '8' } });
    fireEvent.click(within(form).getByLabelText(/New:/));
    fireEvent.submit(form);
    await vi.waitFor(() => expect(value).toHaveAccessibleDescription('A LIMIT flag takes a whole number from 0.'));
    fail = false;
    fireEvent.submit(form);
    await vi.waitFor(() => expect(screen.queryByRole('form', { name: /Edit flag/ })).not.toBeInTheDocument());
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit uptime.max_monitors' })).toHaveFocus());
    expect(client).toHaveBeenCalledWith('/api/admin/feature-flags/uptime.max_monitors', {
      method: 'PATCH',
      publisherId: null,
      query: undefined,
      body: { markedNew: true, defaultValue: 8 },
      responseType: 'json',
    });
  });
});
