import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';
import { setIdentityClient } from '../../lib/identity/auth-instance';
import type { IdentityClient } from '../../lib/identity/identity-client';
import type { AuthContextValue } from '../../lib/identity/auth-context';
import { ApiRequestError } from '../../lib/api-error';
import { clearToasts, getToasts } from '../../lib/toast';
import { renderWithProviders } from '../../../test/render-with-providers';

const SIGNED_OUT = { status: 'signedOut' } as const;
const signedOut: AuthContextValue = {
  store: {
    getState: () => SIGNED_OUT,
    subscribe: () => () => undefined,
    start: () => () => undefined,
    markIntentionalLogout: () => undefined,
  },
  logout: async () => undefined,
};

function renderLogin(signIn: () => Promise<void>) {
  setIdentityClient({ setPersistence: vi.fn(async () => undefined), signInWithEmailAndPassword: signIn } as unknown as IdentityClient);
  // The page reads the auth state only; a signed-out context is all it needs.
  return renderWithProviders(<LoginPage />, { url: '/login', signedInAs: { type: 'internal', adminAccess: false }, auth: signedOut });
}

function submit(email: string, password: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  setIdentityClient(null);
  clearToasts();
});

describe('sign-in failure', () => {
  it('shows one error, the alert, and no toast that would follow the user to /forgot', async () => {
    renderLogin(() => Promise.reject(new ApiRequestError('The email or password is incorrect.', 401, 'InvalidCredentials')));
    submit('someone@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(screen.getAllByText('The email or password is incorrect.')).toHaveLength(1);
    expect(getToasts()).toEqual([]);
  });

  it("puts a server's field message on its field only", async () => {
    renderLogin(() => Promise.reject(new ApiRequestError('Check the form.', 400, 'ValidationError', { email: 'Email is invalid!' })));
    submit('someone@example.com', 'whatever-1');
    expect(await screen.findByText('Email is invalid!')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getToasts()).toEqual([]);
  });
});
