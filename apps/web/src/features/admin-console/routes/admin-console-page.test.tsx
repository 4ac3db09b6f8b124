import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserScope } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { AdminConsolePage } from './admin-console-page';

// The tabs' own content is tested with each tab; here only which tab shows and what is said.
vi.mock('../components/partners-tab', () => ({ PartnersTab: () => <p>partners content</p> }));
vi.mock('../components/flags-tab', () => ({ FlagsTab: () => <p>flags content</p> }));
vi.mock('../components/requests-tab', () => ({ RequestsTab: () => null }));
vi.mock('../components/users-tab', () => ({ UsersTab: () => null }));
vi.mock('../components/usage-tab', () => ({ UsageTab: () => null }));
vi.mock('../components/domain-claims-tab', () => ({ DomainClaimsTab: () => null }));

const STAFF: UserScope = { type: 'internal', adminAccess: false };
const ADMIN: UserScope = { type: 'internal', adminAccess: true };

const open = (url: string, scope: UserScope) =>
  renderWithProviders(<AdminConsolePage />, { url, path: '/admin-console/*', signedInAs: scope });

describe('admin console deep links', () => {
  it('tells staff that a tab they may not open is for administrators, and shows what they may open', async () => {
    open('/admin-console/feature-flags', STAFF);
    expect(await screen.findByRole('status')).toHaveTextContent('Feature flags is for administrators only');
    expect(screen.getByRole('status')).toHaveTextContent('Showing Partners and sites instead.');
    expect(screen.getByRole('tab', { name: 'Partners and sites' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('partners content')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Feature flags' })).not.toBeInTheDocument();
  });

  it('says when a tab does not exist', async () => {
    open('/admin-console/nonsense', ADMIN);
    expect(await screen.findByRole('status')).toHaveTextContent('The admin console has no tab called "nonsense".');
  });

  it('opens an allowed tab without a word, and the console root without one either', () => {
    const first = open('/admin-console/feature-flags', ADMIN);
    expect(screen.getByRole('tab', { name: 'Feature flags' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('flags content')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    first.unmount();
    open('/admin-console/', STAFF);
    expect(screen.getByText('partners content')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
