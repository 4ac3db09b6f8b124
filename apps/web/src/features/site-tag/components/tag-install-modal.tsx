import { useState } from 'react';
import { Alert, Anchor, Button, Code, CopyButton, Group, List, Modal, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { TrackingEvents, type TaggedSite, type TagVerification } from '@pc/contracts';
import { track } from '../../../lib/tracking/track';
import { verifyTag } from '../api/site-tag-api';
import { sampleRateHelp, sampleRateLabel } from './sample-rate';

export interface TagInstallModalProps {
  publisherId: string;
  site: TaggedSite | null;
  onClose: () => void;
  /** After a verification: the site list may have changed (data received). */
  onVerified: () => void;
}

/** The site's tag set-up: the snippet, how to install it (HTML, Tag Manager, WordPress) and verify installation. */
export function TagInstallModal({ publisherId, site, onClose, onVerified }: TagInstallModalProps) {
  return (
    <Modal opened={!!site} onClose={onClose} title={site ? `Site tag for ${site.name}` : ''} size="lg">
      {site && <TagInstallBody key={site.id} publisherId={publisherId} site={site} onVerified={onVerified} />}
    </Modal>
  );
}

function TagInstallBody({ publisherId, site, onVerified }: { publisherId: string; site: TaggedSite; onVerified: () => void }) {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TagVerification | null>(null);
  const [error, setError] = useState<string | null>(null);

  const verify = async () => {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const r = await verifyTag(publisherId, site.id, url.trim());
      setResult(r);
      track(TrackingEvents.siteTagRequest, { publisherId, siteId: site.id, action: 'verify', found: r.found });
      onVerified();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The verification could not run. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Add this line to every page of <strong>{site.domain}</strong>, inside <Code>{'<head>'}</Code>. It loads a small script (under 3 KB)
        that counts page views, engagement and Core Web Vitals. It sets no cookie and respects Do-Not-Track.
      </Text>
      <Text size="sm" aria-label="Sample rate">
        <strong>Sample rate: {sampleRateLabel(site.sampleOneIn)}.</strong> {sampleRateHelp(site.sampleOneIn)}
      </Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Code block flex={1} aria-label="Site tag snippet" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {site.snippet}
        </Code>
        <CopyButton value={site.snippet}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={() => {
                copy();
                track(TrackingEvents.siteTagRequest, { publisherId, siteId: site.id, action: 'copy' });
              }}
            >
              {copied ? 'Copied' : 'Copy snippet'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <InstallGuides />
      {site.demoPageUrl && (
        <Alert color="blue" variant="light" title="Try it on the demo page">
          <Text size="sm">
            This demo serves a page with this site&apos;s tag already installed:{' '}
            <Anchor href={site.demoPageUrl} target="_blank" rel="noopener">
              open the demo page
            </Anchor>
            . Your visit appears in the audience overview within seconds. To verify it, paste its address below.
          </Text>
          <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
            {site.demoPageUrl}
          </Text>
        </Alert>
      )}
      <Stack gap="xs">
        <TextInput
          label="Page to check"
          description={`Leave empty to check the home page of ${site.domain}.`}
          placeholder={`https://${site.domain}/`}
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !busy) void verify();
          }}
        />
        <Group>
          <Button onClick={() => void verify()} loading={busy}>
            Verify installation
          </Button>
        </Group>
        {result && (
          <Alert color={result.found ? 'teal' : 'yellow'} title={result.found ? 'Tag found' : 'Tag not found'} role="status">
            <Text size="sm">{result.message}</Text>
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              Checked: {result.url}
            </Text>
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert" title="The verification could not run">
            {error}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}

/** How to install the snippet: plain HTML, Google Tag Manager or WordPress. */
function InstallGuides() {
  return (
    <Tabs defaultValue="html">
      <Tabs.List>
        <Tabs.Tab value="html">Plain HTML</Tabs.Tab>
        <Tabs.Tab value="gtm">Google Tag Manager</Tabs.Tab>
        <Tabs.Tab value="wordpress">WordPress</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="html" pt="sm">
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>Open the template or layout every page uses.</List.Item>
          <List.Item>
            Paste the snippet just before <Code>{'</head>'}</Code> and publish.
          </List.Item>
          <List.Item>Open a page of the site, then verify installation below.</List.Item>
        </List>
      </Tabs.Panel>
      <Tabs.Panel value="gtm" pt="sm">
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>In your container, add a tag of type Custom HTML and paste the snippet.</List.Item>
          <List.Item>Trigger: All Pages (Page View). If you use a consent tool, fire it only after consent.</List.Item>
          <List.Item>Submit and publish the container, visit a page, then verify installation below.</List.Item>
        </List>
        <Text size="xs" c="dimmed" mt={4}>
          The tag is then added by Tag Manager in the browser: verification confirms it once data has arrived.
        </Text>
      </Tabs.Panel>
      <Tabs.Panel value="wordpress" pt="sm">
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>Install a header-scripts plugin (for example WPCode) or edit your theme&apos;s header.php.</List.Item>
          <List.Item>
            Paste the snippet into the header section (before <Code>{'</head>'}</Code>) and save.
          </List.Item>
          <List.Item>Clear any page cache, visit a page, then verify installation below.</List.Item>
        </List>
      </Tabs.Panel>
    </Tabs>
  );
}
