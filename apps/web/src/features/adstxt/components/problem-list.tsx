import { List, Text, UnstyledButton } from '@mantine/core';
import type { AdsTxtProblemItem } from '@pc/contracts';

const MAX_SHOWN = 200;

/** Problems by line, errors and warnings named in words; a click jumps to the line. */
export function ProblemList({ problems, onJump }: { problems: readonly AdsTxtProblemItem[]; onJump: (line: number) => void }) {
  if (problems.length === 0) return null;
  const shown = problems.slice(0, MAX_SHOWN);
  return (
    <>
      <List size="sm" spacing={2} listStyleType="none" aria-label="Problems in the file" data-testid="editor-problems">
        {shown.map((p, i) => (
          <List.Item key={`${p.line}-${p.code}-${i}`}>
            <UnstyledButton onClick={() => onJump(p.line)} disabled={p.line === 0} fz="sm">
              <Text span fw={700} c={p.severity === 'error' ? 'red.9' : undefined}>
                {p.severity === 'error' ? 'Error' : 'Warning'}
              </Text>{' '}
              <Text span fw={600}>
                {p.line === 0 ? 'whole file' : `line ${p.line}`}:
              </Text>{' '}
              {p.reason}
            </UnstyledButton>
          </List.Item>
        ))}
      </List>
      {problems.length > MAX_SHOWN && (
        <Text size="xs" c="dimmed">
          and {problems.length - MAX_SHOWN} more.
        </Text>
      )}
    </>
  );
}
