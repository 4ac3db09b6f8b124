import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReportExportActions } from './report-export-actions';
import { renderWithProviders } from '../../../../test/render-with-providers';

// While a custom range is half picked the page passes no query (report-page.tsx),
// and neither export nor e-mail can start: they would send the previous range.
describe('report export actions', () => {
  const props = { type: 'revenue' as const, email: 'a@example.com', onCreated: vi.fn(), totalRows: 10 };

  it('are disabled without a query, and enabled with one', () => {
    const { unmount } = renderWithProviders(<ReportExportActions {...props} query={null} />);
    expect(screen.getByRole('button', { name: 'Email report' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export to file' })).toBeDisabled();
    unmount();
    renderWithProviders(<ReportExportActions {...props} query={{ reportType: 'revenue', publisherId: '1001' }} />);
    expect(screen.getByRole('button', { name: 'Email report' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Export to file' })).toBeEnabled();
  });
});
