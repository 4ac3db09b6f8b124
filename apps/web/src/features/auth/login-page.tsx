import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { Routes, type SignIn } from '@pc/contracts';
import { AuthLayout } from './auth-layout';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { useAuthState } from '../../lib/identity/auth-context';
import { StorageKeys, readString, removeKey } from '../../lib/storage';
import { errorMessage } from '../../lib/api-error';
import { setServerFieldErrors } from '../../lib/forms';
import { usePlainForm } from '../../lib/use-plain-form';
import { trackOnNextPage } from '../../lib/tracking/track';
import { PageLoader } from '../../components/ui/spinner';

// The sign-in page is the smallest bundle of the app (target <= 150 KB gzipped): it keeps a plain
// form (usePlainForm) and loads zod with the contracts' SignInSchema on the first input (not on
// focus: the e-mail field is focused on load).
const loadValidation = () => import('./sign-in-validation');

/** Where to go after signing in: the remembered path, else home. Only same-origin paths. */
function rememberedPath(): string {
  const path = readString(StorageKeys.redirectPath);
  return path && path.startsWith('/') && !path.startsWith('//') && path !== Routes.login ? path : Routes.home;
}

/**
 * `/login?token=…` signs in with a custom token (staff "Go To Console" and "sign in as partner"
 * links). The token is taken out of the address before anything else runs, so it never stays in
 * the history, a bookmark or a Referer; it is single use on the server anyway.
 */
function takeTokenFromAddress(): string | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (token === null) return null;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return token;
}

export function LoginPage() {
  const auth = useAuthState();
  // Read once on the first render (StrictMode renders twice; the address is already clean then).
  const customToken = useRef<string | null | undefined>(undefined);
  if (customToken.current === undefined) customToken.current = takeTokenFromAddress();
  const [tokenPending, setTokenPending] = useState(!!customToken.current);
  const form = usePlainForm<SignIn>({ email: '', password: '' }, () => loadValidation().then((v) => v.validateSignIn));
  const { errors } = form;
  const [keepSignedIn, setKeepSignedIn] = useState(readString(StorageKeys.authPersistence) !== 'false');
  const [formError, setFormError] = useState<string | null>(null);
  const redirectTo = useRef<string | null>(null);
  const keepBox = useRef<HTMLInputElement | null>(null);

  const signIn = form.handleSubmit(async ({ email, password }) => {
    try {
      const client = getIdentityClient();
      // The box as shown: it may have been changed before the pre-rendered page was hydrated.
      await client.setPersistence((keepBox.current?.checked ?? keepSignedIn) ? 'local' : 'session');
      await client.signInWithEmailAndPassword(email, password);
      // The page signed in goes on to the app, a full page load from the sign-in entry.
      trackOnNextPage((await loadValidation()).LOGIN_EVENT);
      // No navigation here: the auth state becomes signedIn asynchronously (the scope parser may
      // still be loading), and the render below redirects once it has, so guards never see a
      // half-signed-in state and bounce the user home.
    } catch (err) {
      // One error: on the field the server named, else in the form's alert (no toast besides,
      // which would also follow the user to /forgot).
      if (!setServerFieldErrors(err, form.setError, ['email', 'password'])) setFormError(errorMessage(err));
    }
  });
  useEffect(() => {
    const token = customToken.current;
    if (!token) return;
    customToken.current = null;
    void (async () => {
      try {
        await getIdentityClient().signInWithCustomToken(token);
        trackOnNextPage((await loadValidation()).LOGIN_EVENT, { method: 'custom_token' });
      } catch (err) {
        setFormError(errorMessage(err));
      } finally {
        setTokenPending(false);
      }
    })();
  }, []);

  const formEl = useRef<HTMLFormElement | null>(null);
  const showForm = auth.status === 'signedOut' && !tokenPending;
  useEffect(() => {
    // The e-mail field has focus on load, so a keyboard user can type at once.
    if (showForm) (formEl.current?.elements.namedItem('email') as HTMLInputElement | null)?.focus();
  }, [showForm]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    setFormError(null);
    void signIn(e);
  };

  if (auth.status === 'unknown' || tokenPending) return <PageLoader />;
  if (auth.status === 'signedIn') {
    // Read once: the page may render again before it unmounts (the submit settling), and the
    // remembered path is gone after the first read.
    redirectTo.current ??= rememberedPath();
    removeKey(StorageKeys.redirectPath);
    return <Navigate to={redirectTo.current} replace />;
  }

  return (
    <AuthLayout title="Sign in" subtitle="Use the e-mail address and password of your partner account.">
      <form
        ref={(el) => {
          formEl.current = el;
          form.formRef(el);
        }}
        onSubmit={onSubmit}
        onInputCapture={() => void loadValidation()}
        noValidate
        aria-label="Sign in"
      >
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert" title="Sign-in failed">
              {formError}
            </Alert>
          )}
          <TextInput label="Email" type="email" autoComplete="username" {...form.register('email')} error={errors.email} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.register('password')} error={errors.password} />
          <Group justify="space-between">
            <Checkbox
              ref={keepBox}
              label="Keep me signed in"
              checked={keepSignedIn}
              onChange={(e) => setKeepSignedIn(e.currentTarget.checked)}
            />
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
