import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { Routes, type SignIn } from '@pc/contracts';
import { AuthLayout } from './auth-layout';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { useAuthState } from '../../lib/identity/auth-context';
import { StorageKeys, readString, removeKey } from '../../lib/storage';
import { errorMessage } from '../../lib/api-error';
import { applyServerErrors } from '../../lib/forms';
import { usePlainForm } from '../../lib/use-plain-form';
import { track } from '../../lib/tracking/track';
import { PageLoader } from '../../components/ui/spinner';

// The sign-in page is the smallest bundle of the app (target <= 150 KB gzipped): it keeps a plain
// form (usePlainForm) and loads zod with the contracts' SignInSchema on the first interaction.
const loadValidation = () => import('./sign-in-validation');

/** Where to go after signing in: the remembered path, else home. Only same-origin paths. */
function rememberedPath(): string {
  const path = readString(StorageKeys.redirectPath);
  return path && path.startsWith('/') && !path.startsWith('//') && path !== Routes.login ? path : Routes.home;
}

export function LoginPage() {
  const auth = useAuthState();
  const form = usePlainForm<SignIn>({ email: '', password: '' }, () => loadValidation().then((v) => v.validateSignIn));
  const { errors } = form;
  const [keepSignedIn, setKeepSignedIn] = useState(readString(StorageKeys.authPersistence) !== 'false');
  const [formError, setFormError] = useState<string | null>(null);
  const redirectTo = useRef<string | null>(null);

  const signIn = form.handleSubmit(async ({ email, password }) => {
    try {
      const client = getIdentityClient();
      await client.setPersistence(keepSignedIn ? 'local' : 'session');
      await client.signInWithEmailAndPassword(email, password);
      track((await loadValidation()).LOGIN_EVENT);
      // No navigation here: the auth state becomes signedIn asynchronously (the scope parser may
      // still be loading), and the render below redirects once it has, so guards never see a
      // half-signed-in state and bounce the user home.
    } catch (err) {
      applyServerErrors(err, form.setError, ['email', 'password']);
      setFormError(errorMessage(err));
    }
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    void signIn(e);
  };

  if (auth.status === 'unknown') return <PageLoader />;
  if (auth.status === 'signedIn') {
    // Read once: the page may render again before it unmounts (the submit settling), and the
    // remembered path is gone after the first read.
    redirectTo.current ??= rememberedPath();
    removeKey(StorageKeys.redirectPath);
    return <Navigate to={redirectTo.current} replace />;
  }

  return (
    <AuthLayout title="Sign in" subtitle="Use the e-mail address and password of your partner account.">
      <form ref={form.formRef} onSubmit={onSubmit} onFocusCapture={() => void loadValidation()} noValidate aria-label="Sign in">
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert" title="Sign-in failed">
              {formError}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" {...form.register('email')} error={errors.email} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.register('password')} error={errors.password} />
          <Group justify="space-between">
            <Checkbox label="Keep me signed in" checked={keepSignedIn} onChange={(e) => setKeepSignedIn(e.currentTarget.checked)} />
            <Anchor component={Link} to={Routes.forgot} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
