import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AuthLayout } from './auth-layout';
import { RequestResetForm } from './request-reset-form';
import { ConfirmResetForm } from './confirm-reset-form';

/**
 * /forgot: request a reset e-mail; the e-mail links back here with ?code=..., which shows the
 * confirm form with the code filled in. "I have a code" opens the same form to type it.
 */
export function ForgotPage() {
  const [params] = useSearchParams();
  const linkCode = params.get('code') ?? '';
  const [mode, setMode] = useState<'request' | 'confirm'>(linkCode ? 'confirm' : 'request');

  if (mode === 'confirm') {
    return (
      <AuthLayout title="Choose a new password" subtitle="Enter the code from the e-mail and your new password.">
        <ConfirmResetForm initialCode={linkCode} onBack={() => setMode('request')} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Forgot your password?" subtitle="We will e-mail you a link and a code to choose a new password.">
      <RequestResetForm onHaveCode={() => setMode('confirm')} />
    </AuthLayout>
  );
}
