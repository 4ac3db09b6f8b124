import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ValidationMessages } from '@pc/contracts';
import { RESET_SENT_MESSAGE, RequestResetForm } from './request-reset-form';
import { setIdentityClient } from '../../lib/identity/auth-instance';
import type { IdentityClient } from '../../lib/identity/identity-client';
import { ApiRequestError } from '../../lib/api-error';
import { clearToasts } from '../../lib/toast';
import { renderWithProviders } from '../../../test/render-with-providers';

function renderForm(sendPasswordResetEmail: (email: string) => Promise<void>) {
  setIdentityClient({ sendPasswordResetEmail } as unknown as IdentityClient);
  return renderWithProviders(<RequestResetForm onHaveCode={() => undefined} />);
}

const email = () => screen.getByRole('textbox', { name: 'Email' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

afterEach(() => {
  setIdentityClient(null);
  clearToasts();
});

describe('RequestResetForm (plain form, validation loaded on submit)', () => {
  it('shows the required message, focuses the field, and sends nothing', async () => {
    const send = vi.fn(() => Promise.resolve());
    renderForm(send);
    submit();
    expect(await screen.findByText(ValidationMessages.emailRequired)).toBeInTheDocument();
    expect(email()).toHaveFocus();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(send).not.toHaveBeenCalled();
    // Typing clears the message.
    fireEvent.change(email(), { target: { value: 'a' } });
    expect(screen.queryByText(ValidationMessages.emailRequired)).not.toBeInTheDocument();
  });

  it('rejects an invalid address and sends a valid one, then says so without revealing accounts', async () => {
    const send = vi.fn(() => Promise.resolve());
    renderForm(send);
    fireEvent.change(email(), { target: { value: 'not-an-address' } });
    submit();
    expect(await screen.findByText(ValidationMessages.emailInvalid)).toBeInTheDocument();
    fireEvent.change(email(), { target: { value: 'someone@example.com' } });
    submit();
    expect(await screen.findByText(RESET_SENT_MESSAGE)).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith('someone@example.com');
  });

  it("puts the server's field message on the field", async () => {
    renderForm(() =>
      Promise.reject(new ApiRequestError('Check the form.', 400, 'ValidationError', { email: 'Too many requests for this address.' })),
    );
    fireEvent.change(email(), { target: { value: 'someone@example.com' } });
    submit();
    expect(await screen.findByText('Too many requests for this address.')).toBeInTheDocument();
    await waitFor(() => expect(email()).toHaveFocus());
  });
});
