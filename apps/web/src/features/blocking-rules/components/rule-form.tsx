import { useMemo } from 'react';
import { Button, Card, FileButton, Group, MultiSelect, Select, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { BLOCKING_RULE_TYPE_LABELS, BLOCKING_RULE_TYPES, type BlockingRule, type BlockingRuleType } from '@pc/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { usePublisherDetails } from '../../../lib/data/use-publisher-data';
import { exportValues, useIabCategories } from '../api/blocking-rules-api';
import { saveFile } from '../../../lib/save-file';
import { useRuleForm, type RuleFormState } from '../hooks/use-rule-form';
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
  const f = useRuleForm(publisherId, rule, onSaved);
  return (
    <form onSubmit={(e) => void f.onSubmit(e)} noValidate>
      <Stack gap="md">
        <Card withBorder>
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              value={f.name}
              onChange={(e) => f.setName(e.currentTarget.value)}
              error={f.errors.name}
              maxLength={120}
            />
            <RuleValuesFields f={f} publisherId={publisherId} rule={rule} />
            <RuleScopeFields f={f} publisherId={publisherId} />
          </Stack>
        </Card>
        {f.preview && <ImpactCard preview={f.preview} type={f.type} />}
        <Group>
          <Button type="submit" loading={f.busy === 'save'}>
            {rule ? 'Save rule' : 'Create rule'}
          </Button>
          <Button variant="light" loading={f.busy === 'preview'} disabled={f.values.length === 0} onClick={() => void f.runPreview()}>
            Preview impact
          </Button>
          <Button variant="subtle" onClick={f.cancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={f.confirming}
        title="Save a rule with a large impact?"
        confirmLabel="Save anyway"
        danger
        onConfirm={() => void f.save()}
        onCancel={() => f.setConfirming(false)}
      >
        {f.preview?.warnings.join(' ')}
      </ConfirmDialog>
    </form>
  );
}

/** The rule's type and its values: categories of the taxonomy, or one value a line; imported from or exported to CSV. */
function RuleValuesFields({ f, publisherId, rule }: { f: RuleFormState; publisherId: string; rule?: BlockingRule }) {
  const { type, values, setPreview } = f;
  const iab = useIabCategories(type === 'iab_category');
  const iabData = useMemo(() => (iab.data ?? []).map((c) => ({ value: c.id, label: `${c.path} (${c.id})` })), [iab.data]);
  return (
    <>
      <Select
        label="Type"
        data={typeData}
        value={type}
        allowDeselect={false}
        onChange={(v) => {
          f.setType((v as BlockingRuleType) ?? 'brand');
          setPreview(null);
        }}
      />
      {type === 'iab_category' ? (
        <MultiSelect
          label="Categories"
          description={HINTS[type]}
          data={iabData}
          value={f.categories}
          onChange={(v) => {
            f.setCategories(v);
            setPreview(null);
          }}
          searchable
          limit={50}
          placeholder={iab.isLoading ? 'Loading the taxonomy…' : 'Search categories'}
          error={f.errors.values}
        />
      ) : (
        <Textarea
          label="Values"
          description={HINTS[type]}
          autosize
          minRows={4}
          maxRows={14}
          value={f.valuesText}
          onChange={(e) => {
            f.setValuesText(e.currentTarget.value);
            setPreview(null);
          }}
          error={f.errors.values}
        />
      )}
      <Group gap="xs">
        <FileButton onChange={(file) => void f.onImport(file)} accept=".csv,text/csv">
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
              void exportValues(publisherId, rule.id).then((csv) => saveFile(`${rule.name}-values.csv`, csv, 'text/csv;charset=utf-8'))
            }
          >
            Export values (CSV)
          </Button>
        )}
        <Text size="xs" c="dimmed">
          {values.length} value{values.length === 1 ? '' : 's'}
        </Text>
      </Group>
    </>
  );
}

/** Where and until when the rule applies: all sites or some, and an optional last day. */
function RuleScopeFields({ f, publisherId }: { f: RuleFormState; publisherId: string }) {
  const { data: details } = usePublisherDetails(publisherId);
  return (
    <>
      <Switch label="Apply to all sites" checked={f.allSites} onChange={(e) => f.setAllSites(e.currentTarget.checked)} />
      {!f.allSites && (
        <MultiSelect
          label="Sites"
          data={(details?.sites ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.domain})` }))}
          value={f.siteIds}
          onChange={f.setSiteIds}
          error={f.errors.siteIds}
        />
      )}
      <TextInput
        type="date"
        label="Expires after (optional)"
        description="The rule stops applying after this day."
        value={f.expiresAt}
        onChange={(e) => f.setExpiresAt(e.currentTarget.value)}
        error={f.errors.expiresAt}
        w={240}
      />
    </>
  );
}
