import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastItem } from './toast-item';
import { addToast, clearToasts, getToasts, toast } from '../../lib/toast';
import { renderWithProviders } from '../../../test/render-with-providers';

function renderToast(id: string) {
  const t = getToasts().find((x) => x.id === id)!;
  return renderWithProviders(<ToastItem toast={t} />);
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives every toast a 21-character id and a severity', () => {
    const id = toast.warning('Careful');
    expect(id).toHaveLength(21);
    expect(getToasts()).toEqual([{ id, severity: 'warning', message: 'Careful' }]);
  });

  it('dismisses after exactly 10,000 ms', () => {
    const id = addToast('success', 'Saved');
    renderToast(id);
    act(() => vi.advanceTimersByTime(9_999));
    expect(getToasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(getToasts()).toHaveLength(0);
  });

  it('pauses while hovered and restarts the full time on leave', () => {
    const id = addToast('info', 'Hello');
    renderToast(id);
    const el = screen.getByText('Hello').closest('[data-toast-id]')!;
    act(() => vi.advanceTimersByTime(8_000));
    fireEvent.mouseEnter(el);
    act(() => vi.advanceTimersByTime(60_000));
    expect(getToasts()).toHaveLength(1);
    fireEvent.mouseLeave(el);
    act(() => vi.advanceTimersByTime(9_999));
    expect(getToasts()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(getToasts()).toHaveLength(0);
  });

  it.each([
    ['error', 'Error'],
    ['warning', 'Warning'],
    ['success', 'Done'],
    ['info', 'Note'],
  ] as const)('titles a %s toast %j, after its severity', (severity, title) => {
    const id = addToast(severity, 'Something happened');
    renderToast(id);
    const el = screen.getByText('Something happened').closest('[data-toast-id]')!;
    expect(el).toHaveAttribute('data-severity', severity);
    expect(el).toHaveTextContent(new RegExp(`^${title}Something happened`));
    for (const other of ['Success', 'Error', 'Warning', 'Done', 'Note'].filter((t) => t !== title))
      expect(el).not.toHaveTextContent(new RegExp(`^${other}`));
  });

  it('closes by hand; errors are alerts', () => {
    const id = toast.error('Broken');
    renderToast(id);
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(getToasts()).toHaveLength(0);
  });
});
