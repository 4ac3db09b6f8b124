import { useEffect } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { TrackingEvents, type AdsTxtDiff } from '@pc/contracts';
import { track } from '../../../lib/tracking/track';
import { useAdsTxtDiff } from '../api/adstxt-api';
import classes from './ads-txt-code.module.css';

const sign = { added: '+', removed: '−', same: ' ' } as const;
const word = { added: 'Added', removed: 'Removed', same: 'Unchanged' } as const;

/** A line diff: added green, removed red (struck through), unchanged grey, each also marked +/−. */
export function DiffLines({ diff }: { diff: AdsTxtDiff }) {
  const added = diff.filter((p) => p.type === 'added').reduce((n, p) => n + p.lines.length, 0);
  const removed = diff.filter((p) => p.type === 'removed').reduce((n, p) => n + p.lines.length, 0);
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {added} line{added === 1 ? '' : 's'} added, {removed} removed.
      </Text>
      <ol className={classes.file} aria-label="Differences between the revisions">
        {diff.flatMap((part, i) =>
          part.lines.map((line, k) => (
            <li key={`${i}-${k}`} className={`${classes.line} ${classes[part.type]}`} data-change={part.type}>
              <span className={classes.number} aria-hidden="true" />
              <span className={classes.marker} aria-hidden="true">
                {sign[part.type]}
              </span>
              <span>
                {part.type !== 'same' && <span className="visually-hidden">{word[part.type]}: </span>}
                {line || ' '}
              </span>
            </li>
          )),
        )}
      </ol>
    </Stack>
  );
}

interface Props {
  publisherId: string;
  domainId: string;
  domainName: string;
  from: number | null;
  to: number | null;
  onBack: () => void;
}

export function DiffPanel({ publisherId, domainId, domainName, from, to, onBack }: Props) {
  const { data, error, isLoading } = useAdsTxtDiff(publisherId, domainId, from, to);

  useEffect(() => {
    if (from && to) track(TrackingEvents.adsTxtDifferences, { domain: domainName, from, to });
  }, [domainName, from, to]);

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {from && to ? `Revision ${from} → revision ${to}` : 'Compare revisions'}
          </Title>
          <Button variant="default" size="xs" onClick={onBack}>
            Back to history
          </Button>
        </Group>
        {!from || !to ? (
          <Text size="sm" c="dimmed">
            Pick two revisions in the history to compare them.
          </Text>
        ) : error ? (
          <Alert color="red" role="alert" title="The differences could not be loaded">
            {error.message}
          </Alert>
        ) : isLoading || !data ? (
          <Stack gap={8}>
            <Skeleton h={16} />
            <Skeleton h={16} />
            <Skeleton h={16} />
          </Stack>
        ) : (
          <DiffLines diff={data} />
        )}
      </Stack>
    </Card>
  );
}
