import { useState } from 'react';
import { Badge, Button, Card, Group, Table, Text, Title, Tooltip } from '@mantine/core';
import { TrackingEvents, type TaggedSite } from '@pc/contracts';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { NoSitesYet, SiteName } from '../../../components/ui/site-cells';
import { useSignedIn } from '../../../lib/identity/auth-context';
import { track } from '../../../lib/tracking/track';
import { useTaggedSites } from '../api/site-tag-api';
import { sampleRateHelp, sampleRateLabel } from './sample-rate';
import { SampleRateControl } from './sample-rate-control';
import { TagInstallModal } from './tag-install-modal';
import { LoadingSkeleton } from '../../../components/ui/loading-skeleton';

const COLUMNS: DataColumn[] = [
  { key: 'site', header: 'Site' },
  { key: 'tag', header: 'Tag' },
  { key: 'sampleRate', header: 'Sample rate' },
  { key: 'install', header: '', label: 'Actions' },
];

/** Each site's tag status (data received or not) with the way to install and verify it. */
export function TagSetupCard({ publisherId }: { publisherId: string }) {
  const sites = useTaggedSites(publisherId);
  const [open, setOpen] = useState<TaggedSite | null>(null);
  // Staff change a site's sample rate here; publishers see it read-only.
  const isStaff = useSignedIn().scope.type === 'internal';

  const openSetup = (site: TaggedSite) => {
    setOpen(site);
    track(TrackingEvents.siteTagRequest, { publisherId, siteId: site.id, action: 'snippet' });
  };

  return (
    <Card withBorder id="site-tag-setup">
      <Title order={2} size="h4">
        Site tag
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Install the tag once per site; the audience overview, performance and page RPM come from it.
      </Text>
      {sites.error ? (
        <LoadErrorAlert title="Your sites could not be loaded" message={sites.error.message} onRetry={() => void sites.mutate()} />
      ) : !sites.data ? (
        <LoadingSkeleton label="Loading sites" h={18} rows={2} />
      ) : (
        <DataTable
          label="Site tag status"
          columns={COLUMNS}
          minWidth={560}
          verticalSpacing="xs"
          rowCount={sites.data.length}
          empty={<NoSitesYet />}
        >
          {sites.data.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <SiteName name={s.name} detail={s.domain} />
              </Table.Td>
              <Table.Td>
                {!s.active ? (
                  <Badge color="gray" variant="light">
                    Site inactive
                  </Badge>
                ) : s.eventTrackerDataReceived ? (
                  <Badge color="teal" variant="light">
                    Receiving data
                  </Badge>
                ) : (
                  <Badge color="yellow" variant="light">
                    No data yet
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={sampleRateHelp(s.sampleOneIn)} multiline w={280} withArrow>
                    <Text size="sm" tabIndex={0} aria-label={`Sample rate of ${s.name}: ${sampleRateLabel(s.sampleOneIn)}`}>
                      {sampleRateLabel(s.sampleOneIn)}
                    </Text>
                  </Tooltip>
                  {isStaff && <SampleRateControl site={s} onSaved={() => void sites.mutate()} />}
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => openSetup(s)}
                  disabled={!s.active}
                  aria-label={`Install and verify the tag on ${s.name}`}
                >
                  Install &amp; verify
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <TagInstallModal publisherId={publisherId} site={open} onClose={() => setOpen(null)} onVerified={() => void sites.mutate()} />
    </Card>
  );
}
