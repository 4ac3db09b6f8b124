import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { rolelessLabels } from '../../../../test/aria';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { AudienceOverviewPage } from './audience-overview-page';

// Nothing has answered yet: the sites and the overview are both loading.
vi.mock('../api/site-tag-api', () => ({
  useTaggedSites: () => ({ data: undefined, error: undefined, isLoading: true, mutate: vi.fn() }),
  useAudience: () => ({ data: undefined, error: undefined, isLoading: true, mutate: vi.fn() }),
}));
vi.mock('../../../lib/chosen-publisher', () => ({ useChosenPublisherId: () => '1001' }));
vi.mock('../../../lib/tracking/track', () => ({ track: vi.fn() }));

describe('AudienceOverviewPage while loading', () => {
  it('shows named loading statuses and no aria-label on a role-less element', () => {
    const { container } = renderWithProviders(<AudienceOverviewPage />, {
      url: '/audience-overview?site=5002&range=7',
      signedInAs: { type: 'external_single', publisherId: '1001' },
    });
    expect(screen.getByRole('status', { name: 'Loading the audience overview' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Loading sites' })).toBeInTheDocument();
    // axe aria-prohibited-attr: a journey's end-of-test check failed on these while a page loaded.
    expect(rolelessLabels(container)).toEqual([]);
  });
});
