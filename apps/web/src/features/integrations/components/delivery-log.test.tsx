import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WebhookDelivery } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { DeliveryLog } from './delivery-log';

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  messageId: 'd1',
  event: 'incident.opened',
  status: 'delivered',
  attempts: 2,
  maxAttempts: 6,
  lastStatusCode: 200,
  lastError: null,
  lastAttemptAt: '2026-11-20T10:00:30Z',
  deliveredAt: '2026-11-20T10:00:30Z',
  createdAt: '2026-11-20T10:00:00Z',
  attemptLog: [
    { attempt: 2, at: '2026-11-20T10:00:30Z', statusCode: 200, error: null, durationMs: 80 },
    { attempt: 1, at: '2026-11-20T10:00:00Z', statusCode: 503, error: 'The receiver answered HTTP 503.', durationMs: 120 },
  ],
  ...over,
});
const base = { error: undefined, onRetry: () => {}, onRedeliver: () => {}, busyId: null };

describe('DeliveryLog', () => {
  it('shows each delivery with status, response code and attempts; redelivers a finished one', async () => {
    const onRedeliver = vi.fn();
    renderWithProviders(
      <DeliveryLog
        {...base}
        onRedeliver={onRedeliver}
        data={[
          delivery({}),
          delivery({
            id: 'd2',
            messageId: 'd2',
            event: 'report.ready',
            status: 'pending',
            attempts: 1,
            lastStatusCode: 500,
            lastError: 'The receiver answered HTTP 500.',
            attemptLog: [],
          }),
        ]}
      />,
    );
    const ok = screen.getByRole('row', { name: /incident\.opened/ });
    expect(ok).toHaveTextContent('Delivered');
    expect(ok).toHaveTextContent('HTTP 200');
    expect(ok).toHaveTextContent('2 of 6');
    expect(ok).toHaveTextContent('#2: 200 (80 ms), #1: 503 (120 ms)');
    const retrying = screen.getByRole('row', { name: /report\.ready/ });
    expect(retrying).toHaveTextContent('Retrying');
    expect(retrying).toHaveTextContent('The receiver answered HTTP 500.');
    expect(retrying.querySelector('button')).toBeDisabled();
    await userEvent.click(ok.querySelector('button')!);
    expect(onRedeliver).toHaveBeenCalledWith(expect.objectContaining({ id: 'd1' }));
    expect(ok).not.toHaveTextContent('Redelivery');
  }, 20_000);

  it('marks a redelivery: a new row carrying the first delivery’s webhook-id', () => {
    renderWithProviders(<DeliveryLog {...base} data={[delivery({ id: 'd3', messageId: 'd1' })]} />);
    expect(screen.getByRole('row', { name: /incident\.opened/ })).toHaveTextContent('Redelivery (same webhook-id)');
  });

  it('says what to do when nothing was sent, and offers a retry on error', async () => {
    const onRetry = vi.fn();
    const { rerender } = renderWithProviders(<DeliveryLog {...base} data={[]} />);
    expect(screen.getByText(/Send test event/)).toBeInTheDocument();
    rerender(<DeliveryLog {...base} data={undefined} error={new Error('Offline')} onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
