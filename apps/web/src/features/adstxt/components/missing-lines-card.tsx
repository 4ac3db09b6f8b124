import { useState } from 'react';
import { Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { TrackingEvents, type AdsTxtDetail, fileNameOf } from '@pc/contracts';
import { track } from '../../../lib/tracking/track';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-error';
import { fetchMissingLines } from '../api/adstxt-api';
import { saveFile, safeFileName } from '../../../lib/save-file';

/** The required lines the crawled file lacks, to copy or download and add to the site's file. */
export function MissingLinesCard({ detail, publisherId }: { detail: AdsTxtDetail; publisherId: string }) {
  const [downloading, setDownloading] = useState(false);
  const lines = detail.missingLines;

  async function copy() {
    track(TrackingEvents.adsTxtMissingLines, { domain: detail.domain_name, action: 'copy', count: lines.length });
    try {
      await navigator.clipboard.writeText(lines.join('\n') + '\n');
      toast.success(`${lines.length} missing line${lines.length === 1 ? '' : 's'} copied to the clipboard.`);
    } catch {
      toast.error('The lines could not be copied. Select them and copy them by hand, or download them.');
    }
  }

  async function download() {
    track(TrackingEvents.adsTxtDownload, { domain: detail.domain_name, count: lines.length });
    setDownloading(true);
    try {
      const text = await fetchMissingLines(publisherId, detail.domain_id);
      saveFile(safeFileName(`${detail.domain_name}-missing-ads-txt-lines.txt`), text);
    } catch (e) {
      toast.error(`The download failed: ${errorMessage(e)}`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Missing lines
          </Title>
          {lines.length > 0 && (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => void copy()}>
                Copy missing lines
              </Button>
              <Button size="xs" variant="light" loading={downloading} onClick={() => void download()}>
                Download missing lines
              </Button>
            </Group>
          )}
        </Group>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {detail.status === 'not_crawled'
              ? 'The file has not been crawled yet. Use Verify now to check it.'
              : !detail.readInLatestCrawl
                ? 'We cannot tell what is missing until the file can be read again. Fix the problem above, then press Verify now.'
                : 'Nothing is missing: every required line is in the file.'}
          </Text>
        ) : (
          <>
            {!detail.readInLatestCrawl && (
              <Text size="sm" c="dimmed">
                From the last successful read; the latest crawl could not read the file.
              </Text>
            )}
            <Text size="sm">
              Add {lines.length === 1 ? 'this line' : `these ${lines.length} lines`} to the {fileNameOf(detail)} file at the root of{' '}
              {detail.domain_name}, or let us host the file for you.
            </Text>
            <Code block aria-label="Missing lines">
              {lines.join('\n')}
            </Code>
          </>
        )}
      </Stack>
    </Card>
  );
}
