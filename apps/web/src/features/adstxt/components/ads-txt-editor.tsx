import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { TrackingEvents, type AdsTxtDetail, type AdsTxtProblemItem, fileNameOf } from '@pc/contracts';
import { track } from '../../../lib/tracking/track';
import { toast } from '../../../lib/toast';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { adsTxtKeys, saveRevision } from '../api/adstxt-api';
import { CodeEditor, selectLine } from './code-editor';
import { ProblemList } from './problem-list';
import { useLiveValidation } from '../hooks/use-live-validation';

/** The server's 400 `fields` ({'line.12': reason}) as line problems. */
export function problemsFromFields(fields: Record<string, string> | undefined): AdsTxtProblemItem[] {
  return Object.entries(fields ?? {}).flatMap(([k, reason]) => {
    const m = /^line\.(\d+)$/.exec(k);
    return m ? [{ line: Number(m[1]), severity: 'error' as const, code: 'server', reason }] : [];
  });
}

function worstByLine(problems: readonly AdsTxtProblemItem[]): Map<number, 'error' | 'warning'> {
  const m = new Map<number, 'error' | 'warning'>();
  for (const p of problems) if (p.severity === 'error' || !m.has(p.line)) m.set(p.line, p.severity);
  return m;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Edits the hosted file: live validation as you type, saving only a file without errors. */
export function AdsTxtEditor({ detail, publisherId }: { detail: AdsTxtDetail; publisherId: string }) {
  const { mutate } = useSWRConfig();
  const saved = detail.hostedContent ?? '';
  const [text, setText] = useState(saved);
  const [serverProblems, setServerProblems] = useState<AdsTxtProblemItem[]>([]);
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const live = useLiveValidation(text);

  const problems = useMemo(() => [...live.problems, ...serverProblems].sort((a, b) => a.line - b.line), [live.problems, serverProblems]);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const marks = useMemo(() => worstByLine(problems), [problems]);
  const dirty = text !== saved;
  const blocked = errors > 0 || live.pending;

  function change(value: string) {
    setText(value);
    // The server's findings were about the text it saw; after an edit the live check takes over.
    if (serverProblems.length) setServerProblems([]);
  }

  async function save() {
    setSaving(true);
    try {
      const r = await saveRevision(publisherId, detail.domain_id, text);
      track(TrackingEvents.adsTxtSave, { domain: detail.domain_name, revision_id: r.revision_id, warnings: r.warnings.length });
      toast.success(
        `Saved revision ${r.revision_id} (+${r.linesAdded} −${r.linesRemoved})${r.warnings.length ? ` with ${plural(r.warnings.length, 'warning')}` : ''}.`,
      );
      await Promise.all([
        mutate(adsTxtKeys.detail(publisherId, detail.domain_id)),
        mutate(adsTxtKeys.revisions(publisherId, detail.domain_id)),
        mutate(adsTxtKeys.domains(publisherId)),
      ]);
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields) setServerProblems(problemsFromFields(e.fields));
      toast.error(`Not saved: ${errorMessage(e)}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            Edit the hosted {fileNameOf(detail)}
          </Title>
          <Group gap="xs">
            <Button variant="default" disabled={!dirty || saving} onClick={() => change(saved)}>
              Discard changes
            </Button>
            <Button onClick={() => void save()} disabled={blocked || !dirty} loading={saving}>
              Save revision
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          Your own lines. Required lines you leave out are added to the served file automatically. A file with errors cannot be saved;
          warnings are allowed.
        </Text>
        <CodeEditor
          id={`adstxt-editor-${detail.domain_id}`}
          label={`${fileNameOf(detail)} for ${detail.domain_name}`}
          value={text}
          onChange={change}
          marks={marks}
          describedBy="adstxt-editor-summary"
          textareaRef={ref}
        />
        <Text id="adstxt-editor-summary" size="sm" role="status" aria-live="polite" fw={500} c={errors ? 'red.9' : undefined}>
          {live.pending
            ? 'Checking…'
            : problems.length === 0
              ? 'No problems found.'
              : `${plural(errors, 'error')}, ${plural(warnings, 'warning')}.${errors ? ' Fix the errors to save.' : ''}`}
        </Text>
        {serverProblems.length > 0 && (
          <Alert color="red" title="The server rejected the file">
            The lines listed below have errors.
          </Alert>
        )}
        <ProblemList problems={problems} onJump={(line) => ref.current && selectLine(ref.current, line)} />
      </Stack>
    </Card>
  );
}
