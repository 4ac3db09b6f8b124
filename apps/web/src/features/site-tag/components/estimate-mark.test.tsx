import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { EstimateMark } from './estimate-mark';

describe('the per-row estimate mark (rows from a sampled site)', () => {
  it('marks a sampled site’s row and says which figures are estimated and from what sample', () => {
    renderWithProviders(<EstimateMark oneIn={20} what="Page views and page RPM" />);
    expect(screen.getByText('Estimated')).toBeInTheDocument();
    expect(screen.getByText(': Page views and page RPM estimated from a 1-in-20 sample')).toBeInTheDocument();
  });

  it('shows nothing for an exact site (every page load recorded) or an unknown one', () => {
    renderWithProviders(
      <>
        <EstimateMark oneIn={1} what="Page views" />
        <EstimateMark oneIn={undefined} what="Page views" />
      </>,
    );
    expect(screen.queryByText('Estimated')).toBeNull();
    expect(screen.queryByText(/sample/)).toBeNull();
  });
});
