import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { formatMoney } from '../../../lib/format/number-format';
import { PageRpmCell } from './page-rpm-cell';

const usd = (v: number) => formatMoney(v, 'USD');

describe('a site row’s page RPM', () => {
  it('shows the RPM, or says why there is none', () => {
    renderWithProviders(
      <>
        <span data-testid="rpm">
          <PageRpmCell site={{ pageRpm: 10, pageViews: 1001 }} money={usd} />
        </span>
        <span data-testid="waiting">
          <PageRpmCell site={{ pageRpm: null, pageViews: 1 }} money={usd} />
        </span>
        <span data-testid="untagged">
          <PageRpmCell site={{ pageRpm: null, pageViews: 0 }} money={usd} />
        </span>
      </>,
    );
    expect(screen.getByTestId('rpm')).toHaveTextContent('$10.00');
    // Page views today only: the revenue of that day has not arrived, the tag works.
    expect(screen.getByTestId('waiting')).toHaveTextContent('Revenue not in yet');
    expect(screen.getByTestId('untagged')).toHaveTextContent('No tag data');
  });
});
