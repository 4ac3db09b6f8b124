import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackingEvents, type PersonalInfo } from '@pc/contracts';
import { configureApi } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { ApiRequestError } from '../../lib/api-error';
import { setIdentityClient } from '../../lib/identity/auth-instance';
import type { IdentityClient } from '../../lib/identity/identity-client';
import { track } from '../../lib/tracking/track';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ProfilePage } from './profile-page';

vi.mock('../../lib/tracking/track', () => ({ track: vi.fn() }));

const DANA: PersonalInfo = { firstName: 'Dana', lastName: 'Reyes', email: 'dana@northwind.example', phoneNumber: '' };

function withApi(answer: (path: string, options?: { method?: string; body?: unknown }) => unknown) {
  const client = vi.fn(async (path: string, options?: { method?: string; body?: unknown }) => {
    const r = answer(path, options);
    if (r instanceof Error) throw r;
    return r;
  });
  configureApi(client as unknown as ApiClient);
  return client;
}

function withIdentity(over: Partial<IdentityClient>) {
  const client = { reauthenticate: vi.fn(async () => undefined), updatePassword: vi.fn(async () => undefined), ...over };
  setIdentityClient(client as unknown as IdentityClient);
  return client;
}

const renderProfile = () =>
  renderWithProviders(<ProfilePage />, { url: '/profile-settings', signedInAs: { type: 'external_single', publisherId: '1002' } });

describe('profile page', () => {
  afterEach(() => {
    vi.clearAllMocks();
    setIdentityClient(null);
  });

  it('shows the saved details, saves an edit once and tracks started and completed', async () => {
    const api = withApi((_path, o) => (o?.method === 'PUT' ? { ...DANA, ...(o.body as object) } : DANA));
    renderProfile();
    const first = await screen.findByLabelText('First Name');
    expect(first).toHaveValue('Dana');
    expect(screen.getByLabelText('Email')).toHaveValue('dana@northwind.example');
    const save = screen.getByRole('button', { name: 'Save profile' });
    expect(save).toBeDisabled(); // nothing changed yet

    fireEvent.change(first, { target: { value: 'Danielle' } });
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Reyes-Ortiz' } });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);

    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/api/personal-info', {
        method: 'PUT',
        body: { firstName: 'Danielle', lastName: 'Reyes-Ortiz', email: 'dana@northwind.example', phoneNumber: '' },
        responseType: 'json',
      }),
    );
    await waitFor(() => expect(track).toHaveBeenCalledWith(TrackingEvents.profileCompleted));
    expect(vi.mocked(track).mock.calls.filter(([e]) => e === TrackingEvents.profileStarted)).toHaveLength(1);
    await waitFor(() => expect(save).toBeDisabled()); // saved values are the new baseline
  });

  it("puts the server's field errors on the fields and keeps what was typed", async () => {
    withApi((_path, o) =>
      o?.method === 'PUT'
        ? new ApiRequestError('Check the highlighted fields.', 400, undefined, { phoneNumber: 'Enter a valid phone number.' })
        : DANA,
    );
    renderProfile();
    const phone = await screen.findByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '+44 20 7946 0958' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter a valid phone number.')).toBeInTheDocument();
    expect(phone).toHaveValue('+44 20 7946 0958');
  });

  it('says when the profile could not be loaded, and tries again', async () => {
    let fail = true;
    const api = withApi(() => (fail ? new ApiRequestError('The service is unavailable.', 503) : DANA));
    renderProfile();
    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByLabelText('First Name')).toHaveValue('Dana');
    expect(api.mock.calls.filter(([p]) => p === '/api/personal-info').length).toBeGreaterThanOrEqual(2);
  });

  it('a wrong current password is refused on its field and the password is not changed', async () => {
    withApi(() => DANA);
    const identity = withIdentity({ reauthenticate: vi.fn(async () => Promise.reject(new ApiRequestError('Unauthorized', 401))) });
    renderProfile();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-password-1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-pass-2' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'brand-new-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('The current password is incorrect.')).not.toHaveLength(0);
    expect(identity.updatePassword).not.toHaveBeenCalled();
  });

  it('changes the password after re-confirming the current one, and refuses a mismatched confirmation', async () => {
    withApi(() => DANA);
    const identity = withIdentity({});
    renderProfile();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'demo-partners-1' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'brand-new-pass-2' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'brand-new-pass-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    expect(identity.reauthenticate).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'brand-new-pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(identity.updatePassword).toHaveBeenCalledWith('brand-new-pass-2'));
    expect(identity.reauthenticate).toHaveBeenCalledWith('demo-partners-1');
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''));
  });

  it('signing out everywhere asks first, and Cancel changes nothing', async () => {
    withApi(() => DANA);
    const identity = withIdentity({ signOutEverywhere: vi.fn(async () => undefined) });
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    expect(screen.getByText('Sign out everywhere now?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Sign out everywhere now?')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await waitFor(() => expect(identity.signOutEverywhere).toHaveBeenCalledTimes(1));
  });
});
