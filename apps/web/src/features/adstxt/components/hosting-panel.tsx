import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { AdsTxtDetail } from '@pc/contracts';
import { fileNameOf } from '@pc/contracts';
import { RedirectionBadge } from './status-badges';
import { RedirectionGuide } from './redirection-guide';

interface Props {
  detail: AdsTxtDetail;
  onActivate: () => void;
  activating: boolean;
  onVerify: () => void;
  verifying: boolean;
}

/** Provider hosting: activation, then the redirection status, guide and verify. */
export function HostingPanel({ detail, onActivate, activating, onVerify, verifying }: Props) {
  const file = fileNameOf(detail);
  if (!detail.hosted) {
    return (
      <Card>
        <Stack gap="sm" maw={720}>
          <Title order={2} size="h4">
            Let us host your {file}
          </Title>
          <Text size="sm">
            We serve the file for {detail.domain_name} and keep the required lines in it, so it never goes out of date. You:
          </Text>
          <List size="sm" type="ordered" spacing={4}>
            <List.Item>activate hosting (we start from the file your site serves today),</List.Item>
            <List.Item>
              redirect {detail.domain_name}/{file} to the hosted address (we show you how),
            </List.Item>
            <List.Item>edit the file here whenever you add a partner.</List.Item>
          </List>
          <Group>
            <Button onClick={onActivate} loading={activating}>
              Activate hosted {file}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      <Card>
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              Hosted {file}
            </Title>
            <Button variant="light" onClick={onVerify} loading={verifying}>
              Verify redirection
            </Button>
          </Group>
          <Text size="sm">
            Hosted address:{' '}
            <Anchor href={detail.hostedUrl} target="_blank" rel="noreferrer" data-testid="hosted-url">
              {detail.hostedUrl}
            </Anchor>
          </Text>
          <Group gap="xs">
            <Text size="sm">Redirection:</Text>
            <RedirectionBadge status={detail.ads_txt_redirection_status} />
            {detail.redirection_reason && (
              <Text size="sm" c={detail.ads_txt_redirection_status === 'broken' ? 'red.9' : 'dimmed'}>
                {detail.redirection_reason}
              </Text>
            )}
          </Group>
          {detail.ads_txt_redirection_status === 'pending' && (
            <Text size="sm" c="dimmed">
              Until the redirection is verified, crawlers still read the file your site serves.
            </Text>
          )}
        </Stack>
      </Card>
      <Card>
        <RedirectionGuide domain={detail.domain_name} hostedUrl={detail.hostedUrl} file={file} />
      </Card>
    </Stack>
  );
}
