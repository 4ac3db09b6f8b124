import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { earliestReportDay, shiftDays, shiftMonths } from '@pc/contracts';
import { reportingToday } from '../state/date-presets';
import { DateRangeField, pickerDayProps } from './date-range-field';
import { renderWithProviders } from '../../../../test/render-with-providers';

/** Last month in UTC: days the picker offers whatever the date (inside the 13 months of report history). */
const LAST_MONTH = shiftMonths(reportingToday('UTC'), -1).slice(0, 7);
const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('date range field', () => {
  it('marks today in the picker as a partial day, and no other day', () => {
    const today = pickerDayProps('2026-11-22', '2026-11-22');
    expect(today['data-partial']).toBe(true);
    expect(today['aria-label']).toBe('November 22, 2026. Today, a partial day: figures are still arriving');
    expect(pickerDayProps('2026-11-21', '2026-11-22')).toEqual({});
  });

  it('says when the chosen range reaches today, and not otherwise', async () => {
    const today = reportingToday('UTC');
    const props = { preset: 'custom' as const, onPreset: vi.fn(), onCustom: vi.fn(), timeZone: 'UTC' };
    const { unmount } = renderWithProviders(<DateRangeField {...props} range={{ from: today, to: today }} />);
    expect(screen.getByTestId('report-partial-note')).toHaveTextContent('Today is a partial day');
    // The open picker shows today with the partial-day label.
    fireEvent.click(screen.getByRole('button', { name: 'Custom date range' }));
    const partial = await screen.findByLabelText(/Today, a partial day/);
    expect(partial).toHaveAttribute('data-partial', 'true');
    expect(document.querySelectorAll('[data-partial]')).toHaveLength(1);
    unmount();
    renderWithProviders(<DateRangeField {...props} range={{ from: `${LAST_MONTH}-01`, to: `${LAST_MONTH}-28` }} />);
    expect(screen.queryByTestId('report-partial-note')).toBeNull();
  });

  it("does not offer days before the plan's report history (13 months without an extension)", async () => {
    const earliest = earliestReportDay(reportingToday('UTC'), 0);
    const label = (day: string) =>
      new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    renderWithProviders(
      <DateRangeField
        preset="custom"
        range={{ from: earliest, to: shiftDays(earliest, 5) }}
        onPreset={vi.fn()}
        onCustom={vi.fn()}
        timeZone="UTC"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Custom date range' }));
    expect(await screen.findByRole('button', { name: label(earliest) })).toBeEnabled();
    const before = screen.queryByRole('button', { name: label(shiftDays(earliest, -1)) });
    if (before) expect(before).toBeDisabled();
  });

  it('reports a half-picked custom range until its second day is chosen (item 9: exports wait for it)', async () => {
    const onPicking = vi.fn();
    const onCustom = vi.fn();
    renderWithProviders(
      <DateRangeField
        preset="custom"
        range={{ from: `${LAST_MONTH}-01`, to: `${LAST_MONTH}-28` }}
        onPreset={vi.fn()}
        onCustom={onCustom}
        onPicking={onPicking}
        timeZone="UTC"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Custom date range' }));
    fireEvent.click(await screen.findByRole('button', { name: dayLabel(`${LAST_MONTH}-10`) }));
    expect(onPicking).toHaveBeenLastCalledWith(true);
    expect(onCustom).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText(dayLabel(`${LAST_MONTH}-12`)));
    expect(onPicking).toHaveBeenLastCalledWith(false);
    expect(onCustom).toHaveBeenCalledWith({ from: `${LAST_MONTH}-10`, to: `${LAST_MONTH}-12` });
  });
});
