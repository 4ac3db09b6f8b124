import { Anchor, Card, Code, List, Stack, Text, Title } from '@mantine/core';
import type { AdsTxtDetail } from '@pc/contracts';
import { fileNameOf } from '@pc/contracts';
import { AdsTxtFileView } from './crawled-file';
import { MissingLinesCard } from './missing-lines-card';
import { SellersJsonCard } from './sellers-json-card';
import { CrawlerView } from './crawler-view';
import { absoluteTime, relativeTime } from './status-labels';

/**
 * What the latest crawl found, in plain words. A failed read says what failed, when the file was
 * last read and what to do; it never reads as an all-clear.
 */
export function crawlSummary(d: AdsTxtDetail): string {
  const file = fileNameOf(d);
  switch (d.status) {
    case 'not_crawled':
      return `This domain has not been crawled yet. Press Verify now to fetch its ${file}.`;
    case 'not_found':
      return `No ${file} was found at ${d.domain_name}/${file} (HTTP ${d.lastCrawl?.httpStatus ?? 404}).`;
    case 'error': {
      const why = `We could not read ${file} at ${d.domain_name}${d.lastAttempt ? ` ${relativeTime(d.lastAttempt.at)}` : ''}: ${d.errorReason ?? 'the read failed'}`;
      const since = d.lastCrawl
        ? ` The last successful read was ${relativeTime(d.lastCrawl.at)} (${absoluteTime(d.lastCrawl.at)}); that copy is shown below.`
        : ' The file has never been read successfully.';
      return `${why.replace(/\.$/, '')}.${since} Check that the site is online and serves /${file}, then press Verify now.`;
    }
    default:
      return 'The file as your site served it at the last crawl.';
  }
}

/** What the crawler found: missing lines, the file with its problems, redirects, required lines. */
export function CrawlPanel({ detail, publisherId }: { detail: AdsTxtDetail; publisherId: string }) {
  const crawl = detail.crawl;
  const problems = crawl?.problems ?? [];
  const errors = problems.filter((p) => p.severity === 'error').length;
  return (
    <Stack gap="lg">
      <MissingLinesCard detail={detail} publisherId={publisherId} />
      <SellersJsonCard detail={detail} />
      <Card>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Crawled file
          </Title>
          <Text size="sm" c={detail.status === 'error' ? 'red.9' : undefined} role={detail.status === 'error' ? 'alert' : undefined}>
            {crawlSummary(detail)}
          </Text>
          {crawl && crawl.hops.length > 0 ? (
            <CrawlerView hops={crawl.hops} cacheNote={crawl.cache.note} />
          ) : (
            crawl &&
            crawl.redirectChain.length > 0 && (
              <div>
                <Text size="sm" fw={500}>
                  Fetched from
                </Text>
                <List size="sm" type="ordered" spacing={2} aria-label="Redirect chain">
                  {crawl.redirectChain.map((u, i) => (
                    <List.Item key={`${i}-${u}`}>
                      <Code>{u}</Code>
                    </List.Item>
                  ))}
                </List>
              </div>
            )
          )}
          {crawl?.finalUrl && (
            <Text size="sm">
              Final URL:{' '}
              <Anchor href={crawl.finalUrl} target="_blank" rel="noreferrer">
                {crawl.finalUrl}
              </Anchor>
            </Text>
          )}
          {crawl?.content != null && (
            <>
              <Text size="sm" fw={500} c={errors ? 'red.9' : undefined}>
                {problems.length === 0
                  ? 'No problems found in the file.'
                  : `${errors} error${errors === 1 ? '' : 's'} and ${problems.length - errors} warning${problems.length - errors === 1 ? '' : 's'} found; they are marked on their lines.`}
              </Text>
              <AdsTxtFileView content={crawl.content} problems={problems} label={`${fileNameOf(detail)} served by ${detail.domain_name}`} />
            </>
          )}
        </Stack>
      </Card>
      <Card>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Required lines
          </Title>
          <Text size="sm" c="dimmed">
            The lines every {fileNameOf(detail)} of yours must contain so we can sell your inventory.
          </Text>
          <Code block aria-label="Required lines">
            {detail.requiredLines.join('\n')}
          </Code>
        </Stack>
      </Card>
    </Stack>
  );
}
