import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Group, List, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { ADSTXT_TEMPLATE_PLACEHOLDERS, checkAdsTxtTemplate, templateError, type AdsTxtTemplatePreview } from '@pc/contracts';
import { LoadErrorAlert } from '../../../components/ui/load-error-alert';
import { ApiRequestError } from '../../../lib/api-error';
import { addToast } from '../../../lib/toast';
import { previewAdsTxtTemplate, saveAdsTxtTemplate, useAdsTxtTemplate } from '../api/adstxt-template-api';
import { useTemplateHistory } from '../api/audit-api';
import { TemplateDiff, TemplateHistory } from './template-diff';
import { formatDateTime } from '../../../lib/format/number-format';

/**
 * The provider-wide ads.txt required-lines template. Edits are checked live with the shared ads.txt
 * parser (the server checks again on save); saving goes through a diff preview, and every save is in
 * the history below (the audit log).
 */
export function AdsTxtTemplateTab() {
  const { data, error, isLoading, mutate } = useAdsTxtTemplate();
  const history = useTemplateHistory();
  const [draft, setDraft] = useState<string | null>(null);
  const [preview, setPreview] = useState<AdsTxtTemplatePreview | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const text = draft ?? data?.content ?? '';
  const problems = useMemo(() => checkAdsTxtTemplate(text), [text]);
  const blocking = templateError(problems);
  // A preview belongs to the text it was made for: editing again invalidates it.
  useEffect(() => setPreview(null), [text]);

  if (error)
    return <LoadErrorAlert title="The ads.txt template could not be loaded" message={error.message} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton h={240} />;
  const changed = text !== data.content;

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setServerError(null);
    try {
      await what();
    } catch (e) {
      setServerError(e instanceof ApiRequestError ? (e.fields?.content ?? e.message) : (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const showPreview = () => run(async () => setPreview(await previewAdsTxtTemplate(text)));
  const save = () =>
    run(async () => {
      await saveAdsTxtTemplate(text);
      addToast('success', 'Template saved: every publisher’s required lines follow it now.');
      setDraft(null);
      setPreview(null);
      await Promise.all([mutate(), history.mutate()]);
    });

  return (
    <Stack gap="md">
      <Text size="sm">
        These lines are required in every publisher&apos;s ads.txt. Use the placeholders{' '}
        {ADSTXT_TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}; each publisher&apos;s own ids fill them in. Last saved{' '}
        {formatDateTime(data.updatedAt)} by {data.updatedBy ?? 'the shipped default'}.
      </Text>
      <Textarea
        label="Required lines template"
        value={text}
        onChange={(e) => setDraft(e.currentTarget.value)}
        autosize
        minRows={6}
        maxRows={20}
        styles={{ input: { fontFamily: 'monospace' } }}
        error={blocking ?? serverError}
      />
      {problems.length > 0 && (
        <Alert color={blocking ? 'red' : 'yellow'} title={blocking ? 'Fix these before saving' : 'Warnings (saving is allowed)'}>
          <List size="sm" aria-label="Template problems">
            {problems.map((p, i) => (
              <List.Item key={i}>
                {p.line > 0 ? `Line ${p.line}: ` : ''}
                {p.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group>
        <Button onClick={() => void showPreview()} disabled={!changed || !!blocking} loading={busy && !preview}>
          Preview changes
        </Button>
        <Button variant="default" onClick={() => setDraft(null)} disabled={!changed || busy}>
          Discard edits
        </Button>
      </Group>
      {preview && (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={3} size="h5">
              Preview: what saving changes for every publisher
            </Title>
            <TemplateDiff diff={preview.diff} />
            <Group>
              <Button onClick={() => void save()} loading={busy}>
                Save template
              </Button>
              <Button variant="default" onClick={() => setPreview(null)} disabled={busy}>
                Back to editing
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      <Title order={3} size="h5">
        Change history
      </Title>
      <TemplateHistory />
    </Stack>
  );
}
