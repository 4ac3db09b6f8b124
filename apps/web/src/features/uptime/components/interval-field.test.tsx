import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { IntervalField } from './interval-field';
import { renderWithProviders } from '../../../../test/render-with-providers';

describe('the interval field', () => {
  it("lists only the plan's intervals", async () => {
    const onChange = vi.fn();
    renderWithProviders(<IntervalField value="300" allowed={[300, 900, 3600]} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText(/^Interval/, { selector: 'input:not([type=hidden])' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Every 5 minutes', 'Every 15 minutes', 'Every 1 hour']);
    fireEvent.click(options[1]!);
    expect(onChange).toHaveBeenCalledWith('900');
  });

  it('shows a monitor above its plan as it is, and says the next save needs an offered interval', async () => {
    renderWithProviders(<IntervalField value="60" allowed={[900, 3600]} onChange={() => undefined} />);
    expect(screen.getByLabelText(/^Interval/, { selector: 'input:not([type=hidden])' })).toHaveValue('Every 1 minute (not on your plan)');
    expect(
      screen.getByText('Your plan checks every 15 minutes or 1 hour: this monitor keeps its interval until you save it with one of these.'),
    ).toBeVisible();
  });
});
