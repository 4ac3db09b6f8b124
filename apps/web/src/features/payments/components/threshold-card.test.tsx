import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { PaymentSettings } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { ThresholdCard } from './threshold-card';

const settings = (over: Partial<PaymentSettings>): PaymentSettings => ({
  configured: true,
  method: 'bank_transfer',
  beneficiaryName: 'Northwind Media Ltd',
  payoutCurrency: 'EUR',
  accountMasked: '•••• 3000',
  bicMasked: '•••• FXXX',
  vatNumber: null,
  taxForm: null,
  threshold: 100,
  minimumThreshold: 100,
  updatedAt: '2026-11-20T10:00:00.000Z',
  company: null,
  ...over,
});

describe('ThresholdCard', () => {
  it('asks for payment details first when there are none', () => {
    renderWithProviders(<ThresholdCard publisherId="1001" settings={settings({ configured: false })} currency="USD" onSaved={() => {}} />);
    expect(screen.getByText(/Set up your payment details first/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save threshold' })).not.toBeInTheDocument();
  });

  it('refuses a threshold below the minimum without asking for the password', () => {
    renderWithProviders(<ThresholdCard publisherId="1001" settings={settings({})} currency="USD" onSaved={() => {}} />);
    expect(screen.getByText(/The minimum is \$100\.00/)).toBeInTheDocument();
    const input = screen.getByLabelText('Threshold (USD)');
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(screen.getByText('The threshold is at least $100.00.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the current password before saving a valid threshold', async () => {
    renderWithProviders(<ThresholdCard publisherId="1001" settings={settings({})} currency="USD" onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('Threshold (USD)'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog).toHaveTextContent('The threshold decides when you are paid.');
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });
});
