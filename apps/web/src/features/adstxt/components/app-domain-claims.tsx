import { useState } from 'react';
import { Badge, Button, Card, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { useSWRConfig } from 'swr';
import type { AppDomainClaim, AppDomainClaimCheck } from '@pc/contracts';
import { CopyValueButton } from '../../../components/ui/copy-value-button';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { adsTxtKeys, removeAppDomain, useAppDomainClaims, verifyAppDomainClaim } from '../api/adstxt-api';

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
      <CopyValueButton value={value} label={`Copy the ${label}`} />
    </Group>
  );
}

/** One claim: why it waits, the two ways to prove it, "Verify now" and what the last check found. */
function ClaimCard({ claim, publisherId, onChanged }: { claim: AppDomainClaim; publisherId: string; onChanged: () => Promise<unknown> }) {
  const [busy, setBusy] = useState<'verify' | 'remove' | null>(null);
  const [result, setResult] = useState<AppDomainClaimCheck | null>(null);
  const rejected = claim.status === 'rejected';

  async function run(what: 'verify' | 'remove') {
    setBusy(what);
    try {
      if (what === 'remove') {
        await removeAppDomain(publisherId, claim.domain_id);
        toast.success(`${claim.domain} removed.`);
      } else {
        const r = await verifyAppDomainClaim(publisherId, claim.domain_id);
        setResult(r);
        if (r.status === 'active') toast.success(`${claim.domain} is proven: its app-ads.txt is managed here now.`);
      }
      await onChanged();
    } catch (e) {
      toast.error(`${what === 'remove' ? 'The domain could not be removed' : 'The check could not run'}: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card withBorder data-claim={claim.domain_id}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{claim.domain}</Text>
          <Badge color={rejected ? 'red' : 'yellow'} variant="light">
            {rejected ? 'Rejected by staff' : 'Waiting for proof'}
          </Badge>
        </Group>
        {claim.note && <Text size="sm">{claim.note}</Text>}
        {rejected ? (
          <Text size="sm">Nothing is served for this domain. Remove it, then add it again if you can prove it is yours.</Text>
        ) : (
          <>
            <Text size="sm">
              This domain is another partner&apos;s site or already claimed by another partner, so nothing is served for it until you prove
              it is yours in one of two ways, or until our staff approve it:
            </Text>
            <List size="sm" spacing="xs">
              <List.Item>
                Add this line to https://{claim.domain}/app-ads.txt or https://{claim.domain}/ads.txt:
                <Copyable value={claim.fileLine} label="file line" />
              </List.Item>
              <List.Item>
                Or add a DNS TXT record on {claim.domain} with this value:
                <Copyable value={claim.dnsRecord} label="DNS record" />
              </List.Item>
            </List>
          </>
        )}
        {result && result.status !== 'active' && (
          <List size="sm" aria-label="What the check found">
            {result.checks.map((c) => (
              <List.Item key={c.method}>
                {c.method === 'hosted_file' ? 'File' : 'DNS'}: {c.detail}
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="sm">
          {!rejected && (
            <Button size="xs" loading={busy === 'verify'} disabled={busy !== null} onClick={() => void run('verify')}>
              Verify now
            </Button>
          )}
          <Button size="xs" variant="default" loading={busy === 'remove'} disabled={busy !== null} onClick={() => void run('remove')}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The publisher's app developer domains that wait for proof (or were rejected), with how to prove them. */
export function AppDomainClaims({ publisherId }: { publisherId: string }) {
  const { data, error, mutate } = useAppDomainClaims(publisherId);
  const { mutate: mutateKey } = useSWRConfig();
  if (error) return <LoadErrorAlert title="Your domain claims could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (!data || data.length === 0) return null;
  const changed = () => Promise.all([mutate(), mutateKey(adsTxtKeys.domains(publisherId))]);
  return (
    <Stack gap="sm" aria-label="App domains waiting for proof" role="region">
      <Title order={2} size="h4">
        App domains waiting for proof
      </Title>
      {data.map((c) => (
        <ClaimCard key={c.domain_id} claim={c} publisherId={publisherId} onChanged={changed} />
      ))}
    </Stack>
  );
}
