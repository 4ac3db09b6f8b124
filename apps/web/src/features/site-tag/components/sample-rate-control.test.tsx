import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TaggedSite } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { SampleRateControl } from './sample-rate-control';

const site = { id: '5001', name: 'Northwind News', sampleOneIn: 20 } as TaggedSite;

describe('the staff control for a site’s sample rate', () => {
  it('refuses a rate outside 1-1000 with the reason and saves nothing', async () => {
    const save = vi.fn(async () => undefined);
    renderWithProviders(<SampleRateControl site={site} onSaved={() => undefined} save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change the sample rate of Northwind News' }));
    const input = await screen.findByLabelText(/Record one page load in/);
    fireEvent.change(input, { target: { value: '1001' } });
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('At most 1000 (one page load in 1000).')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a valid rate for the site and tells the card to reload', async () => {
    const save = vi.fn(async () => undefined);
    const onSaved = vi.fn();
    renderWithProviders(<SampleRateControl site={site} onSaved={onSaved} save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change the sample rate of Northwind News' }));
    const input = await screen.findByLabelText(/Record one page load in/);
    fireEvent.change(input, { target: { value: '25' } });
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(save).toHaveBeenCalledWith('5001', 25);
  });
});
