import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SellersJsonCard } from './sellers-json-card';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { detailFixture } from '../../../../test/adstxt/domain-detail.fixture';

describe('the sellers.json card', () => {
  it('says in words what a read sellers.json breaks of the spec, never its codes', async () => {
    const detail = detailFixture({
      sellersJson: [
        {
          system: 'exchange.test',
          status: 'ok',
          reason: null,
          checkedAt: new Date().toISOString(),
          issues: [
            { code: 'duplicate_seller_id', count: 2, example: 'seller pub-1' },
            { code: 'unknown_key', count: 1, example: '"contact_phone" at the top level' },
          ],
        },
        { system: 'nosellers.test', status: 'not_found', reason: 'nosellers.test publishes no sellers.json.', checkedAt: null, issues: [] },
      ],
    });
    renderWithProviders(<SellersJsonCard detail={detail} />);
    await userEvent.click(screen.getByText('sellers.json of 2 advertising systems'));
    const breaks = screen.getByRole('list', { name: "What exchange.test's sellers.json breaks of the spec" });
    expect(
      within(breaks).getByText('2 seller ids are listed more than once (buyers may read either entry), for example seller pub-1.'),
    ).toBeVisible();
    expect(
      within(breaks).getByText(
        '1 key is not part of the spec (extensions belong under "ext"), for example "contact_phone" at the top level.',
      ),
    ).toBeVisible();
    expect(screen.getByText('nosellers.test: nosellers.test publishes no sellers.json.')).toBeVisible();
    expect(screen.queryByText(/duplicate_seller_id|unknown_key/)).toBeNull();
    expect(screen.queryByRole('list', { name: /nosellers\.test's sellers\.json/ })).toBeNull();
  });
});
