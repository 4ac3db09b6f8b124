import { useEffect } from 'react';
import { Code, Group, List, Stack, Tabs, Text, Title } from '@mantine/core';
import { TrackingEvents, type AdsFileName } from '@pc/contracts';
import { CopyValueButton } from '../../../components/ui/copy-value-button';
import { track } from '../../../lib/tracking/track';
import { GUIDE_SERVERS, guideSteps, serverLabel, type GuideServer } from './redirection-snippets';

interface GuideProps {
  domain: string;
  hostedUrl: string;
  /** The file the domain serves: ads.txt, or app-ads.txt for an app developer's domain. */
  file?: AdsFileName;
}

/** How to send the domain's /ads.txt (or /app-ads.txt) to the hosted file, per web server, with exact snippets. */
export function RedirectionGuide({ domain, hostedUrl, file = 'ads.txt' }: GuideProps) {
  useEffect(() => {
    track(TrackingEvents.adsTxtGuide, { domain });
  }, [domain]);

  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Redirect {domain}/{file} to the hosted file
      </Title>
      <Text size="sm">
        Redirect with a 301 straight to the address below. One redirect to another domain is the most the IAB ads.txt rules allow, so do not
        chain it through another site.
      </Text>
      <Tabs
        defaultValue="apache"
        keepMounted={false}
        onChange={(v) => v && track(TrackingEvents.adsTxtRedirectionSteps, { domain, server: v })}
      >
        <Tabs.List aria-label="Web server">
          {GUIDE_SERVERS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {serverLabel[s]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {GUIDE_SERVERS.map((s) => (
          <Tabs.Panel key={s} value={s} pt="sm">
            <GuideStepsList server={s} domain={domain} hostedUrl={hostedUrl} file={file} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function GuideStepsList({ server, domain, hostedUrl, file }: GuideProps & { server: GuideServer }) {
  return (
    <List type="ordered" spacing="sm" size="sm" data-testid={`guide-${server}`}>
      {guideSteps(server, domain, hostedUrl, file).map((step, i) => (
        <List.Item key={i}>
          <Text size="sm">{step.text}</Text>
          {step.snippet && (
            <Group gap="xs" mt={4} wrap="nowrap" align="flex-start">
              <Code block flex={1}>
                {step.snippet}
              </Code>
              <CopyValueButton value={step.snippet} label={`Copy step ${i + 1} for ${serverLabel[server]}`} />
            </Group>
          )}
        </List.Item>
      ))}
    </List>
  );
}
