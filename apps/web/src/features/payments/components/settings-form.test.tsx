import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ValidationMessages, type PaymentSettings } from '@pc/contracts';
import { renderWithProviders } from '../../../../test/render-with-providers';
import { SettingsForm } from './settings-form';

const paypal: PaymentSettings = {
  configured: true,
  method: 'paypal',
  beneficiaryName: 'Evergreen Digital',
  payoutCurrency: 'USD',
  accountMasked: '•••• ital',
  bicMasked: null,
  vatNumber: null,
  taxForm: null,
  threshold: 100,
  minimumThreshold: 100,
  updatedAt: '2026-11-20T10:00:00.000Z',
  company: null,
};

describe('payment details form', () => {
  it("says 'Email is required!' for an empty PayPal e-mail, before asking for the password", () => {
    renderWithProviders(<SettingsForm publisherId="1003" current={paypal} onSaved={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save payment details' }));
    expect(screen.getByText(ValidationMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('PayPal e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('PayPal e-mail'), { target: { value: 'payouts@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save payment details' }));
    expect(screen.getByText(ValidationMessages.emailInvalid)).toBeInTheDocument();
  });
});
