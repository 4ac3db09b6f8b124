import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { Button, Card, FileButton, Group, MultiSelect, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import {
  BLOCKING_RULE_TYPE_LABELS,
  BLOCKING_RULE_TYPES,
  BlockingRuleInputSchema,
  Routes,
  TrackingEvents,
  type BlockingRule,
  type BlockingRuleInput,
  type BlockingRuleType,
  type ImpactPreview,
} from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { toast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { createRule, exportValues, importValues, previewImpact, ruleKeys, updateRule, useIabCategories } from '../api/blocking-rules-api';
import { saveFile } from '../../../lib/save-file';
import { formFieldErrors } from '../state/field-errors';
import { ImpactCard } from './impact-card';

const typeData = BLOCKING_RULE_TYPES.map((t) => ({ value: t, label: BLOCKING_RULE_TYPE_LABELS[t] }));
const HINTS: Record<BlockingRuleType, string> = {
  advertiser_domain: 'One domain per line, e.g. advertiser.com (we remove https://, paths and convert international names).',
  brand: 'One brand per line, as it appears in the revenue report.',
  iab_category: 'Choose categories of the IAB Content Taxonomy 3.1.',
  keyword: 'One keyword or phrase per line.',
};

/** Create or edit a rule: values by type, sites, expiry, impact preview, and a warning before a costly save. */
export function RuleForm({ publisherId, rule, onSaved }: { publisherId: string; rule?: BlockingRule; onSaved?: () => void }) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: details } = usePublisherDetails(publisherId);
  const [name, setName] = useState(rule?.name ?? '');
  const [type, setType] = useState<BlockingRuleType>(rule?.type ?? 'brand');
  const [valuesText, setValuesText] = useState(rule && rule.type !== 'iab_category' ? rule.values.join('\n') : '');
  const [categories, setCategories] = useState<string[]>(rule?.type === 'iab_category' ? rule.values : []);
  const [allSites, setAllSites] = useState(rule ? rule.siteIds === null : true);
  const [siteIds, setSiteIds] = useState<string[]>(rule?.siteIds ?? []);
  const [expiresAt, setExpiresAt] = useState(rule?.expiresAt ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImpactPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const iab = useIabCategories(type === 'iab_category');
  const iabData = useMemo(() => (iab.data ?? []).map((c) => ({ value: c.id, label: `${c.path} (${c.id})` })), [iab.data]);

  const values =
    type === 'iab_category'
      ? categories
      : valuesText
          .split(/\r?\n/)
          .map((v) => v.trim())
          .filter(Boolean);
  const input: BlockingRuleInput = { name, type, values, siteIds: allSites ? null : siteIds, expiresAt: expiresAt || null };

  function validate(): boolean {
    const parsed = BlockingRuleInputSchema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return true;
    }
    const next: Record<string, string> = {};
    for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    setErrors(next);
    return false;
  }

  async function runPreview(): Promise<ImpactPreview | null> {
    setBusy('preview');
    try {
      const p = await previewImpact(publisherId, { type, values, siteIds: input.siteIds });
      setPreview(p);
      return p;
    } catch (e) {
      toast.error(`The impact could not be computed: ${errorMessage(e)}`);
      return null;
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    setConfirming(false);
    setBusy('save');
    try {
      const saved = rule ? await updateRule(publisherId, rule.id, input) : await createRule(publisherId, input);
      track(rule ? TrackingEvents.blockingRuleEdit : TrackingEvents.blockingRuleCreate, { publisher_id: publisherId, rule_type: type });
      toast.success(rule ? 'The rule was saved.' : 'The rule was created.');
      saved.notices.forEach((n) => toast.warning(n));
      onSaved?.();
      // The list is cached: refresh it so the new or changed rule is there when the user goes back.
      void mutate(ruleKeys.list(publisherId));
      void navigate(`${Routes.blockingRules}?rule=${saved.rule.id}`);
    } catch (e) {
      if (e instanceof ApiRequestError && e.fields) setErrors(formFieldErrors(e.fields));
      toast.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!validate()) return;
    const p = preview ?? (type === 'brand' ? await runPreview() : null);
    if (p && p.warnings.length > 0) setConfirming(true);
    else await save();
  }

  async function onImport(file: File | null) {
    if (!file) return;
    try {
      const { values: imported } = await importValues(publisherId, await file.text());
      if (type === 'iab_category') setCategories([...new Set([...categories, ...imported])]);
      else setValuesText([...values, ...imported].join('\n'));
      toast.info(`${imported.length} values imported from ${file.name}. Review them and save.`);
    } catch (err) {
      toast.error(`The file could not be read: ${errorMessage(err)}`);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <Card withBorder>
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              maxLength={120}
            />
            <Select
              label="Type"
              data={typeData}
              value={type}
              allowDeselect={false}
              onChange={(v) => {
                setType((v as BlockingRuleType) ?? 'brand');
                setPreview(null);
              }}
            />
            {type === 'iab_category' ? (
              <MultiSelect
                label="Categories"
                description={HINTS[type]}
                data={iabData}
                value={categories}
                onChange={(v) => {
                  setCategories(v);
                  setPreview(null);
                }}
                searchable
                limit={50}
                placeholder={iab.isLoading ? 'Loading the taxonomy…' : 'Search categories'}
                error={errors.values}
              />
            ) : (
              <Textarea
                label="Values"
                description={HINTS[type]}
                autosize
                minRows={4}
                maxRows={14}
                value={valuesText}
                onChange={(e) => {
                  setValuesText(e.currentTarget.value);
                  setPreview(null);
                }}
                error={errors.values}
              />
            )}
            <Group gap="xs">
              <FileButton onChange={(f) => void onImport(f)} accept=".csv,text/csv">
                {(props) => (
                  <Button variant="default" size="xs" {...props}>
                    Import values (CSV)
                  </Button>
                )}
              </FileButton>
              {rule && (
                <Button
                  variant="default"
                  size="xs"
                  onClick={() =>
                    void exportValues(publisherId, rule.id).then((csv) =>
                      saveFile(`${rule.name}-values.csv`, csv, 'text/csv;charset=utf-8'),
                    )
                  }
                >
                  Export values (CSV)
                </Button>
              )}
              <Text size="xs" c="dimmed">
                {values.length} value{values.length === 1 ? '' : 's'}
              </Text>
            </Group>
            <Switch label="Apply to all sites" checked={allSites} onChange={(e) => setAllSites(e.currentTarget.checked)} />
            {!allSites && (
              <MultiSelect
                label="Sites"
                data={(details?.sites ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.domain})` }))}
                value={siteIds}
                onChange={setSiteIds}
                error={errors.siteIds}
              />
            )}
            <TextInput
              type="date"
              label="Expires after (optional)"
              description="The rule stops applying after this day."
              value={expiresAt}
              onChange={(e) => setExpiresAt(e.currentTarget.value)}
              error={errors.expiresAt}
              w={240}
            />
          </Stack>
        </Card>
        {preview && <ImpactCard preview={preview} type={type} />}
        <Group>
          <Button type="submit" loading={busy === 'save'}>
            {rule ? 'Save rule' : 'Create rule'}
          </Button>
          <Button variant="light" loading={busy === 'preview'} disabled={values.length === 0} onClick={() => void runPreview()}>
            Preview impact
          </Button>
          <Button variant="subtle" onClick={() => void navigate(Routes.blockingRules)}>
            Cancel
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Save a rule with a large impact?"
        confirmLabel="Save anyway"
        danger
        onConfirm={() => void save()}
        onCancel={() => setConfirming(false)}
      >
        {preview?.warnings.join(' ')}
      </ConfirmDialog>
    </form>
  );
}
