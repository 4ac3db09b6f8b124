import { useState, type FormEvent } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { AdsTxtAddAppDomainSchema } from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { addAppDomain, adsTxtKeys, appDomainClaimsKey } from '../api/adstxt-api';

/** Adds an app developer domain, whose /app-ads.txt is then managed like a site's ads.txt. */
export function AddAppDomain({ publisherId }: { publisherId: string }) {
  const { mutate } = useSWRConfig();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = AdsTxtAddAppDomainSchema.safeParse({ domain });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Enter a domain.');
    setBusy(true);
    setError(null);
    try {
      const added = await addAppDomain(publisherId, parsed.data.domain);
      if (added.claimStatus === 'pending')
        toast.info(`${parsed.data.domain} is another partner's site or already claimed: prove it is yours below before it is served.`);
      else toast.success(`${parsed.data.domain} added: its app-ads.txt is being checked now.`);
      setDomain('');
      await Promise.all([mutate(adsTxtKeys.domains(publisherId)), mutate(appDomainClaimsKey(publisherId))]);
    } catch (err) {
      const field = err instanceof ApiRequestError ? err.fields?.domain : undefined;
      if (field) setError(field);
      else toast.error(`The domain could not be added: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Apps (app-ads.txt)
          </Title>
          <Text size="sm" c="dimmed">
            For apps, buyers read app-ads.txt at the developer website your app store listing shows. Add that domain to check and host its
            app-ads.txt here.
          </Text>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Developer domain"
              placeholder="example.com"
              value={domain}
              onChange={(e) => setDomain(e.currentTarget.value)}
              error={error}
              w={320}
            />
            <Button type="submit" loading={busy} mt={25}>
              Add app domain
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
