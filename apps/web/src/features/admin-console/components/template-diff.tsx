import { List, Skeleton, Stack, Text } from '@mantine/core';
import type { AdsTxtDiff } from '@pc/contracts';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { formatDateTime } from '../../../lib/format/number-format';
import { useTemplateHistory } from '../api/audit-api';

const sign = { added: '+', removed: '−', same: ' ' } as const;
const word = { added: 'Added', removed: 'Removed', same: 'Unchanged' } as const;
const colour = { added: 'green.8', removed: 'red.8', same: 'dimmed' } as const;

/** What saving would change: added lines green with +, removed red with −, the rest grey. */
export function TemplateDiff({ diff }: { diff: AdsTxtDiff }) {
  const count = (type: 'added' | 'removed') => diff.filter((d) => d.type === type).reduce((n, d) => n + d.lines.length, 0);
  const added = count('added');
  const removed = count('removed');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {added === 0 && removed === 0
          ? 'No line changes: saving keeps the required lines as they are.'
          : `${added} line${added === 1 ? '' : 's'} added, ${removed} removed.`}
      </Text>
      <ol aria-label="Changes to the template" style={{ listStyle: 'none', margin: 0, padding: 0, fontFamily: 'monospace' }}>
        {diff.flatMap((part, i) =>
          part.lines.map((line, k) => (
            <li key={`${i}-${k}`} data-change={part.type}>
              <Text
                component="span"
                size="sm"
                ff="monospace"
                c={colour[part.type]}
                td={part.type === 'removed' ? 'line-through' : undefined}
              >
                <span aria-hidden="true">{sign[part.type]} </span>
                {part.type !== 'same' && <span className="visually-hidden">{word[part.type]}: </span>}
                {line || ' '}
              </Text>
            </li>
          )),
        )}
      </ol>
    </Stack>
  );
}

interface TemplateAuditDetails {
  added?: string[];
  removed?: string[];
}

/** The template's audit trail: who saved it when, and which lines they added or removed. */
export function TemplateHistory() {
  const { data, error, isLoading, mutate } = useTemplateHistory();
  if (error) return <LoadErrorAlert title="The change history could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton h={60} />;
  if (data.length === 0) return <Text size="sm">No change has been saved since the shipped default.</Text>;
  return (
    <List size="sm" spacing={4} aria-label="Template change history">
      {data.map((e) => {
        const d = (e.details ?? {}) as TemplateAuditDetails;
        return (
          <List.Item key={e.id}>
            {formatDateTime(e.at)}, {e.actor ?? 'a deleted user'}: {d.added?.length ?? 0} added, {d.removed?.length ?? 0} removed
            {d.added?.length ? ` (+ ${d.added.join('; ')})` : ''}
            {d.removed?.length ? ` (− ${d.removed.join('; ')})` : ''}
          </List.Item>
        );
      })}
    </List>
  );
}
