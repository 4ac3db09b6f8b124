import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { RefusedNotice } from './refused-notice';

describe('the refused-events notice of the audience overview', () => {
  it('says how many events the collection limits refused in the period', () => {
    renderWithProviders(<RefusedNotice refused={1500} />);
    expect(screen.getByText('Events refused')).toBeInTheDocument();
    expect(screen.getByText(/^1,500 events were refused in this period/)).toBeInTheDocument();
  });

  it('shows nothing when none were refused', () => {
    renderWithProviders(<RefusedNotice refused={0} />);
    expect(screen.queryByText('Events refused')).toBeNull();
  });
});
