import { useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { Routes, type SignIn } from '@pc/contracts';
import { AuthLayout } from './auth-layout';
import type { SignInErrors } from './sign-in-validation';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { useAuthState } from '../../lib/identity/auth-context';
import { StorageKeys, readString, removeKey } from '../../lib/storage';
import { ApiRequestError, errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { track } from '../../lib/tracking/track';
import { PageLoader } from '../../components/ui/spinner';

// The sign-in page is the smallest bundle of the app (target <= 150 KB gzipped): it keeps a plain
// controlled form and loads zod with the contracts' SignInSchema on the first interaction.
const loadValidation = () => import('./sign-in-validation');

/** Where to go after signing in: the remembered path, else home. Only same-origin paths. */
function rememberedPath(): string {
  const path = readString(StorageKeys.redirectPath);
  return path && path.startsWith('/') && !path.startsWith('//') && path !== Routes.login ? path : Routes.home;
}

export function LoginPage() {
  const auth = useAuthState();
  const [values, setValues] = useState<SignIn>({ email: '', password: '' });
  const [errors, setErrors] = useState<SignInErrors>({});
  const [pending, setPending] = useState(false);
  const [keepSignedIn, setKeepSignedIn] = useState(readString(StorageKeys.authPersistence) !== 'false');
  const [formError, setFormError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof SignIn) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setFormError(null);
    setPending(true);
    try {
      const v = await loadValidation();
      const result = v.validateSignIn(values);
      if (result.errors) {
        setErrors(result.errors);
        (result.errors.email ? emailRef : passwordRef).current?.focus();
        return;
      }
      const client = getIdentityClient();
      await client.setPersistence(keepSignedIn ? 'local' : 'session');
      await client.signInWithEmailAndPassword(result.data.email, result.data.password);
      track(v.LOGIN_EVENT);
      // No navigation here: the auth state becomes signedIn asynchronously (the scope parser may
      // still be loading), and the render below redirects once it has, so guards never see a
      // half-signed-in state and bounce the user home.
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields) {
        const { email, password } = err.fields;
        setErrors({ email, password });
      }
      const msg = errorMessage(err);
      setFormError(msg);
      toast.error(msg);
    } finally {
      setPending(false);
    }
  };

  if (auth.status === 'unknown') return <PageLoader />;
  if (auth.status === 'signedIn') {
    const to = rememberedPath();
    removeKey(StorageKeys.redirectPath);
    return <Navigate to={to} replace />;
  }

  return (
    <AuthLayout title="Sign in" subtitle="Use the e-mail address and password of your partner account.">
      <form onSubmit={(e) => void onSubmit(e)} onFocusCapture={() => void loadValidation()} noValidate aria-label="Sign in">
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert" title="Sign-in failed">
              {formError}
            </Alert>
          )}
          <TextInput
            ref={emailRef}
            label="Email"
            name="email"
            type="email"
            autoComplete="username"
            value={values.email}
            onChange={change('email')}
            error={errors.email}
          />
          <PasswordInput
            ref={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
          />
          <Group justify="space-between">
            <Checkbox label="Keep me signed in" checked={keepSignedIn} onChange={(e) => setKeepSignedIn(e.currentTarget.checked)} />
            <Anchor component={Link} to={Routes.forgot} size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={pending} disabled={pending} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
