import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { useEffect, useState } from 'react';
import { Button, Card, Group, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { TrackingEvents, type AdsFileName, type AdsTxtRevision } from '@pc/contracts';
import { track } from '../../../lib/tracking/track';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-error';
import { useSWRConfig } from 'swr';
import { adsTxtKeys, fetchRevisionContent, restoreRevision, useAdsTxtRevisions } from '../api/adstxt-api';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { formatCount } from '../../../lib/format/number-format';
import { saveFile, safeFileName } from '../../../lib/save-file';
import { absoluteTime, relativeTime } from './status-labels';

interface Props {
  publisherId: string;
  domainId: string;
  domainName: string;
  /** app-ads.txt for an app developer domain, else ads.txt. */
  fileName: AdsFileName;
  onCompare: (from: number, to: number) => void;
}

const COLUMNS: DataColumn[] = [
  { key: 'revision', header: 'Revision' },
  { key: 'who', header: 'Who' },
  { key: 'when', header: 'When' },
  { key: 'added', header: 'Added', align: 'right' },
  { key: 'removed', header: 'Removed', align: 'right' },
  { key: 'warnings', header: 'Warnings', align: 'right' },
  { key: 'actions', header: 'Actions' },
];

/** Revisions of the hosted file, newest first, with download and compare. */
export function HistoryPanel({ publisherId, domainId, domainName, fileName, onCompare }: Props) {
  const { data, error, isLoading, mutate } = useAdsTxtRevisions(publisherId, domainId);
  const [from, setFrom] = useState<string>('');
  const [to, setTo] = useState<string>('');
  const [restoring, setRestoring] = useState<AdsTxtRevision | null>(null);
  const [busy, setBusy] = useState(false);
  const { mutate: mutateKey } = useSWRConfig();

  async function restore(r: AdsTxtRevision) {
    setBusy(true);
    try {
      const saved = await restoreRevision(publisherId, domainId, r.revision_id);
      toast.success(`Revision #${r.revision_id} is live again, saved as revision #${saved.revision_id}.`);
      setRestoring(null);
      await Promise.all([mutate(), mutateKey(adsTxtKeys.detail(publisherId, domainId))]);
    } catch (e) {
      toast.error(`The revision could not be restored: ${errorMessage(e)}`);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    track(TrackingEvents.adsTxtHistory, { domain: domainName });
  }, [domainName]);

  // Default comparison: the previous revision against the newest.
  useEffect(() => {
    if (data && data.length >= 2 && !from && !to) {
      setTo(String(data[0]!.revision_id));
      setFrom(String(data[1]!.revision_id));
    }
  }, [data, from, to]);

  async function download(r: AdsTxtRevision) {
    track(TrackingEvents.adsTxtRevisionDownload, { domain: domainName, revision_id: r.revision_id });
    try {
      const text = await fetchRevisionContent(publisherId, domainId, r.revision_id);
      saveFile(safeFileName(`${domainName}-ads-txt-revision-${r.revision_id}.txt`), text);
    } catch (e) {
      toast.error(`The download failed: ${errorMessage(e)}`);
    }
  }

  if (error) return <LoadErrorAlert title="The history could not be loaded" message={error.message} onRetry={() => void mutate()} />;

  const options = (data ?? []).map((r) => ({
    value: String(r.revision_id),
    label: `Revision ${r.revision_id} · ${absoluteTime(r.created)}`,
  }));

  return (
    <Card>
      <ConfirmDialog
        opened={restoring !== null}
        title={`Restore revision #${restoring?.revision_id ?? ''}?`}
        confirmLabel="Restore this revision"
        busy={busy}
        onConfirm={() => restoring && void restore(restoring)}
        onCancel={() => setRestoring(null)}
      >
        The hosted {fileName} will serve this revision&apos;s content again, saved as a new revision. Nothing is deleted: the current
        revision stays in the history and can be restored in turn.
      </ConfirmDialog>
      <Stack gap="md">
        <Title order={2} size="h4">
          Revision history
        </Title>
        {isLoading || !data ? (
          <Stack gap={8}>
            <Skeleton h={18} />
            <Skeleton h={18} />
          </Stack>
        ) : data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No revisions yet. The first one is created when hosting is activated; each save adds one.
          </Text>
        ) : (
          <>
            <DataTable label={`Revisions of the hosted ${fileName}`} columns={COLUMNS} minWidth={640} verticalSpacing="xs">
              {data.map((r, i) => {
                const previous = data[i + 1];
                return (
                  <Table.Tr key={r.revision_id} data-testid={`revision-${r.revision_id}`}>
                    <Table.Td>#{r.revision_id}</Table.Td>
                    <Table.Td>{r.author}</Table.Td>
                    <Table.Td>
                      <time dateTime={r.created} title={absoluteTime(r.created)}>
                        {relativeTime(r.created)}
                      </time>
                    </Table.Td>
                    <Table.Td ta="right" c="var(--mantine-color-green-light-color)">
                      +{formatCount(r.linesAdded)}
                    </Table.Td>
                    <Table.Td ta="right" c="red.9">
                      −{formatCount(r.linesRemoved)}
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(r.warnings)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => void download(r)}
                          aria-label={`Download revision ${r.revision_id}`}
                        >
                          Download
                        </Button>
                        {i > 0 && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => setRestoring(r)}
                            aria-label={`Restore revision ${r.revision_id}`}
                          >
                            Restore
                          </Button>
                        )}
                        {previous && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => onCompare(previous.revision_id, r.revision_id)}
                            aria-label={`Compare revision ${r.revision_id} with revision ${previous.revision_id}`}
                          >
                            Compare with previous
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </DataTable>
            {data.length >= 2 && (
              <Group align="flex-end" gap="sm" wrap="wrap">
                <NativeSelect label="Compare from" data={options} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
                <NativeSelect label="to" data={options} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
                <Button variant="light" disabled={!from || !to || from === to} onClick={() => onCompare(Number(from), Number(to))}>
                  Compare
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
