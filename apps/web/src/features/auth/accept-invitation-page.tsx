import { useEffect, useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AcceptInvitationSchema, invitationsEndpoints, Routes, type InvitationPreview } from '@pc/contracts';
import { call } from '../../lib/endpoint-call';
import { formatDateTime } from '../../lib/format/number-format';
import { getIdentityClient } from '../../lib/identity/auth-instance';
import { toast } from '../../lib/toast';
import { AuthLayout } from './auth-layout';

/**
 * The invitation e-mail's link: shows who is invited to what, then a new user sets name and
 * password (and is signed in); an existing user just accepts and signs in with their password.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [invalid, setInvalid] = useState<string | null>(
    token ? null : 'This link has no invitation token. Open the link from the e-mail again.',
  );
  const [v, setV] = useState({ firstName: '', lastName: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!token) return;
    call(invitationsEndpoints.preview, { body: { token } }, { publisherId: null }).then(setPreview, (e: Error) => setInvalid(e.message));
  }, [token]);

  const submit = async () => {
    const body = preview?.existingUser ? { token } : { token, ...v };
    const parsed = AcceptInvitationSchema.safeParse(body);
    const fields: Record<string, string> = {};
    if (!parsed.success) for (const i of parsed.error.issues) fields[String(i.path[0])] = i.message;
    if (!preview?.existingUser) {
      if (!v.firstName.trim()) fields.firstName = 'First Name is required!';
      if (!v.lastName.trim()) fields.lastName = 'Last Name is required!';
    }
    setErrors(fields);
    if (!parsed.success || Object.keys(fields).length > 0) return;
    setSaving(true);
    try {
      const res = await call(invitationsEndpoints.accept, { body: parsed.data }, { publisherId: null });
      if (res.existingUser) {
        toast.success('Invitation accepted. Sign in to see your new partners.');
        navigate(Routes.login, { replace: true });
      } else {
        await getIdentityClient().signInWithEmailAndPassword(res.email, v.password);
        toast.success('Welcome! Your account is ready.');
        navigate(Routes.home, { replace: true });
      }
    } catch (e) {
      setErrors((e as { fields?: Record<string, string> }).fields ?? {});
      toast.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthLayout title="Accept your invitation" subtitle="Set up your access to the partners you were invited to.">
      {invalid ? (
        <Stack>
          <Alert color="red" title="This invitation cannot be used">
            {invalid}
          </Alert>
          <Anchor component={Link} to={Routes.login} size="sm">
            Go to sign-in
          </Anchor>
        </Stack>
      ) : !preview ? (
        <Skeleton h={180} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              Invitation for <strong>{preview.email}</strong> to: {preview.partners.join(', ')}.
            </Text>
            {preview.existingUser ? (
              <Text size="sm">
                You already have an account: accepting adds these partners to it. Sign in afterwards with your password.
              </Text>
            ) : (
              <>
                <TextInput
                  label="First name"
                  autoComplete="given-name"
                  value={v.firstName}
                  onChange={(e) => setV({ ...v, firstName: e.currentTarget.value })}
                  error={errors.firstName}
                />
                <TextInput
                  label="Last name"
                  autoComplete="family-name"
                  value={v.lastName}
                  onChange={(e) => setV({ ...v, lastName: e.currentTarget.value })}
                  error={errors.lastName}
                />
                <PasswordInput
                  label="Choose a password"
                  description="At least 8 characters."
                  autoComplete="new-password"
                  value={v.password}
                  onChange={(e) => setV({ ...v, password: e.currentTarget.value })}
                  error={errors.password}
                />
              </>
            )}
            <Button type="submit" loading={saving} fullWidth>
              Accept invitation
            </Button>
            <Text size="xs" c="dimmed">
              The link works once and expires on {formatDateTime(preview.expires)}.
            </Text>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
