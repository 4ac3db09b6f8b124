import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { Anchor, Button, Group, Skeleton, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { Routes, fileNameOf, type AdsTxtDetail } from '@pc/contracts';
import { PageHeader } from '../../../components/ui/page-header';
import { useAdsTxtDetail } from '../api/adstxt-api';
import { AdsTxtEditor } from './ads-txt-editor';
import { CrawlPanel } from './crawl-panel';
import { DiffPanel } from './diff-panel';
import { HistoryPanel } from './history-panel';
import { HostingPanel } from './hosting-panel';
import { AdsTxtStatusBadge, RedirectionBadge, SellerIssuesNote } from './status-badges';
import { absoluteTime, relativeTime } from './status-labels';
import { useDomainActions } from '../hooks/use-domain-actions';
import type { AdsTxtView } from '../state/view-params';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

interface Props {
  publisherId: string;
  domainId: string;
  view: AdsTxtView;
  diff: { from: number | null; to: number | null };
  onView: (view: AdsTxtView, extra?: Record<string, number>) => void;
}

/** One domain: crawled file, hosting with the redirection guide, editor and history. */
export function DomainDetailView({ publisherId, domainId, view, diff, onView }: Props) {
  const { data: d, error, isLoading, mutate } = useAdsTxtDetail(publisherId, domainId);
  const actions = useDomainActions(publisherId, domainId);
  const back = <BackToDomains />;

  if (error)
    return (
      <Stack gap="md">
        {back}
        <LoadErrorAlert title="This domain could not be loaded" message={error.message} onRetry={() => void mutate()} />
      </Stack>
    );
  if (isLoading || !d)
    return (
      <Stack gap="md">
        {back}
        <LoadingSkeleton label="Loading the domain" gap="md">
          <Skeleton h={32} w="40%" />
          <Skeleton h={18} w="60%" />
          <Skeleton h={240} />
        </LoadingSkeleton>
      </Stack>
    );

  const tab = view === 'diff' ? 'history' : view;
  const lockedReason = 'Activate hosting first (Hosting tab).';

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={d.domain_name}
        purpose={`The ${fileNameOf(d)} your ${d.kind === 'app' ? 'domain' : 'site'} serves, what it lacks, and the file we can host for you.`}
        action={
          <Button onClick={() => void actions.verify()} loading={actions.verifying}>
            Verify now
          </Button>
        }
      />
      <DomainStatusLine d={d} />
      <Tabs value={tab} onChange={(v) => v && onView(v as AdsTxtView)} keepMounted={false}>
        <Tabs.List aria-label="Domain views">
          <Tabs.Tab value="file">Crawled file</Tabs.Tab>
          <Tabs.Tab value="hosting">Hosting &amp; redirection</Tabs.Tab>
          <LockedTab value="editor" label="Editor" locked={!d.hosted} reason={lockedReason} />
          <LockedTab value="history" label="History" locked={!d.hosted} reason={lockedReason} />
        </Tabs.List>
        <Tabs.Panel value="file" pt="md">
          <CrawlPanel detail={d} publisherId={publisherId} />
        </Tabs.Panel>
        <Tabs.Panel value="hosting" pt="md">
          <HostingPanel
            detail={d}
            onActivate={() => void actions.activate()}
            activating={actions.activating}
            onVerify={() => void actions.verify()}
            verifying={actions.verifying}
          />
        </Tabs.Panel>
        <Tabs.Panel value="editor" pt="md">
          {d.hosted && <AdsTxtEditor key={`${d.domain_id}-${d.revision_id ?? 0}`} detail={d} publisherId={publisherId} />}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          {d.hosted &&
            (view === 'diff' ? (
              <DiffPanel
                publisherId={publisherId}
                domainId={domainId}
                domainName={d.domain_name}
                from={diff.from}
                to={diff.to}
                onBack={() => onView('history')}
              />
            ) : (
              <HistoryPanel
                publisherId={publisherId}
                domainId={domainId}
                domainName={d.domain_name}
                fileName={fileNameOf(d)}
                onCompare={(from, to) => onView('diff', { from, to })}
              />
            ))}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The domain's status, redirection and when it was last read. */
function DomainStatusLine({ d }: { d: AdsTxtDetail }) {
  return (
    <Group gap="lg" wrap="wrap">
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          Status
        </Text>
        <AdsTxtStatusBadge item={d} />
        <SellerIssuesNote count={d.sellerIssues} />
      </Group>
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          Redirection
        </Text>
        <RedirectionBadge status={d.ads_txt_redirection_status} />
      </Group>
      <Text size="sm">
        <Text span c="dimmed">
          {d.lastAttempt && !d.lastAttempt.ok ? 'Last successful read ' : 'Last crawl '}
        </Text>
        {d.lastCrawl ? (
          <time dateTime={d.lastCrawl.at} title={absoluteTime(d.lastCrawl.at)}>
            {relativeTime(d.lastCrawl.at)}
            {d.lastCrawl.stale ? ' (stale)' : ''}
          </time>
        ) : (
          'never'
        )}
      </Text>
    </Group>
  );
}

function BackToDomains() {
  return (
    <Anchor component={Link} to={Routes.adsTxt} size="sm">
      ← All domains
    </Anchor>
  );
}

function LockedTab({ value, label, locked, reason }: { value: string; label: string; locked: boolean; reason: string }) {
  if (!locked) return <Tabs.Tab value={value}>{label}</Tabs.Tab>;
  return (
    <Tooltip label={reason} withArrow>
      <Tabs.Tab value={value} disabled aria-description={reason}>
        {label}
      </Tabs.Tab>
    </Tooltip>
  );
}
