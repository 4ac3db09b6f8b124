import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdsTxtEditor, problemsFromFields } from './ads-txt-editor';
import { LIVE_VALIDATION_DELAY_MS } from '../hooks/use-live-validation';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { detailFixture } from '../../../../test/adstxt/domain-detail.fixture';

vi.mock('../../../lib/tracking/track', () => ({ track: vi.fn() }));

function setup() {
  renderWithProviders(<AdsTxtEditor detail={detailFixture()} publisherId="1001" />);
  const textarea = screen.getByLabelText('ads.txt for northwind-news.example');
  const save = screen.getByRole('button', { name: 'Save revision' });
  const type = (value: string) => {
    fireEvent.change(textarea, { target: { value } });
    act(() => vi.advanceTimersByTime(LIVE_VALIDATION_DELAY_MS));
  };
  return { textarea, save, type };
}

describe('ads.txt editor', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts from the hosted content with Save disabled until something changes', () => {
    const { textarea, save } = setup();
    expect(textarea).toHaveValue('google.com, pub-1, DIRECT, f08c47fec0942fa0\n');
    expect(save).toBeDisabled();
  });

  it('validates live and disables Save while the file has errors', () => {
    const { save, type } = setup();
    type('google.com, pub-1, DIRECT, f08c47fec0942fa0\nappnexus.com, 123, SOMETIMES\n');
    expect(save).toBeDisabled();
    expect(screen.getByTestId('editor-problems')).toHaveTextContent(/Error line 2:/);
    expect(screen.getByText(/1 error, 0 warnings\. Fix the errors to save\./)).toBeInTheDocument();
    // The gutter marks the line too.
    expect(document.querySelector('[data-line="2"][data-severity="error"]')).not.toBeNull();

    type('google.com, pub-1, DIRECT, f08c47fec0942fa0\nappnexus.com, 123, RESELLER\n');
    expect(save).toBeEnabled();
    expect(screen.getByText('No problems found.')).toBeInTheDocument();
  });

  it('keeps Save disabled while the check of the latest text is pending', () => {
    const { save, textarea } = setup();
    fireEvent.change(textarea, { target: { value: 'google.com, pub-2, DIRECT\n' } });
    expect(save).toBeDisabled();
    act(() => vi.advanceTimersByTime(LIVE_VALIDATION_DELAY_MS));
    expect(save).toBeEnabled();
  });

  it('allows saving with warnings only', () => {
    const { save, type } = setup();
    type('google.com, pub-1, DIRECT\ngoogle.com, pub-1, DIRECT\n');
    expect(screen.getByText(/0 errors, \d+ warnings?\./)).toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('maps the server fields to line problems', () => {
    expect(problemsFromFields({ 'line.12': 'Bad relationship', other: 'x' })).toEqual([
      { line: 12, severity: 'error', code: 'server', reason: 'Bad relationship' },
    ]);
  });
});
