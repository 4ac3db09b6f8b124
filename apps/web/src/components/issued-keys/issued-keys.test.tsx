import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render-with-providers';
import { IssuedKeysTable, NewKeyAlert, type IssuedKey } from './issued-keys';

const key = (over: Partial<IssuedKey & { access: string }>): IssuedKey & { access: string } => ({
  id: 'k1',
  name: 'BI dashboard',
  prefix: 'pck_abcd',
  createdBy: 'ana@example.com',
  createdAt: '2026-11-01T10:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
  access: 'read',
  ...over,
});

describe('IssuedKeysTable', () => {
  const base = { noun: 'API keys', error: undefined, onRetry: () => {}, emptyText: 'No key yet.', minWidth: 600, onRevoke: () => {} };

  it('lists keys with the extra column, never-used keys and a revoke button only on active keys', async () => {
    const onRevoke = vi.fn();
    renderWithProviders(
      <IssuedKeysTable
        {...base}
        onRevoke={onRevoke}
        data={[key({}), key({ id: 'k2', name: 'Old', revokedAt: '2026-11-02T10:00:00Z' })]}
        extraColumns={[{ header: 'Access', cell: (k) => (k.access === 'read' ? 'Read-only' : 'Read-write') }]}
      />,
    );
    expect(screen.getByRole('table', { name: 'API keys' })).toBeInTheDocument();
    const active = screen.getByRole('row', { name: /BI dashboard/ });
    expect(active).toHaveTextContent('pck_abcd…');
    expect(active).toHaveTextContent('Read-only');
    expect(active).toHaveTextContent('Never');
    expect(active).toHaveTextContent('Active');
    expect(screen.getByRole('row', { name: /Old/ })).toHaveTextContent('Revoked');
    expect(screen.queryByRole('button', { name: 'Revoke Old' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke BI dashboard' }));
    expect(onRevoke).toHaveBeenCalledWith(expect.objectContaining({ id: 'k1' }));
  });

  it('shows loading, empty and error states', async () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(<IssuedKeysTable {...base} data={undefined} />);
    expect(screen.getByText('Loading API keys…')).toBeInTheDocument();
    rerender(<IssuedKeysTable {...base} data={[]} />);
    expect(screen.getByText('No key yet.')).toBeInTheDocument();
    rerender(<IssuedKeysTable {...base} data={undefined} error={new Error('Network down')} onRetry={onRetry} />);
    expect(screen.getByText('The API keys could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(onRetry).toHaveBeenCalled();
  });
});

describe('NewKeyAlert', () => {
  it('shows the secret once with an example', () => {
    renderWithProviders(<NewKeyAlert name="BI" secret="pck_secret" testId="new-api-key" example="curl …" />);
    expect(screen.getByTestId('new-api-key')).toHaveTextContent('pck_secret');
    expect(screen.getByRole('status')).toHaveTextContent('Key "BI" created: copy it now, it is not shown again');
    expect(screen.getByText('curl …')).toBeInTheDocument();
  });
});
