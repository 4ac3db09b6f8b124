import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import {
  BlockingRuleInputSchema,
  Routes,
  TrackingEvents,
  type BlockingRule,
  type BlockingRuleInput,
  type BlockingRuleType,
  type ImpactPreview,
} from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { track } from '../../../lib/tracking/track';
import { createRule, importValues, previewImpact, ruleKeys, updateRule } from '../api/blocking-rules-api';
import { formFieldErrors } from '../state/field-errors';

/** The rule form's values as typed, and the rule they make. */
function useRuleValues(rule: BlockingRule | undefined) {
  const [name, setName] = useState(rule?.name ?? '');
  const [type, setType] = useState<BlockingRuleType>(rule?.type ?? 'brand');
  const [valuesText, setValuesText] = useState(rule && rule.type !== 'iab_category' ? rule.values.join('\n') : '');
  const [categories, setCategories] = useState<string[]>(rule?.type === 'iab_category' ? rule.values : []);
  const [allSites, setAllSites] = useState(rule ? rule.siteIds === null : true);
  const [siteIds, setSiteIds] = useState<string[]>(rule?.siteIds ?? []);
  const [expiresAt, setExpiresAt] = useState(rule?.expiresAt ?? '');
  const values =
    type === 'iab_category'
      ? categories
      : valuesText
          .split(/\r?\n/)
          .map((v) => v.trim())
          .filter(Boolean);
  const input: BlockingRuleInput = { name, type, values, siteIds: allSites ? null : siteIds, expiresAt: expiresAt || null };
  return {
    name,
    setName,
    type,
    setType,
    valuesText,
    setValuesText,
    categories,
    setCategories,
    allSites,
    setAllSites,
    siteIds,
    setSiteIds,
    expiresAt,
    setExpiresAt,
    values,
    input,
  };
}

/**
 * The rule form: its values, their errors, the impact preview, and saving, with a confirmation
 * first when the preview warns of a costly rule.
 */
export function useRuleForm(publisherId: string, rule: BlockingRule | undefined, onSaved: (() => void) | undefined) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const v = useRuleValues(rule);
  const { type, values, input } = v;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImpactPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [confirming, setConfirming] = useState(false);

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
      if (type === 'iab_category') v.setCategories([...new Set([...v.categories, ...imported])]);
      else v.setValuesText([...values, ...imported].join('\n'));
      toast.info(`${imported.length} values imported from ${file.name}. Review them and save.`);
    } catch (err) {
      toast.error(`The file could not be read: ${errorMessage(err)}`);
    }
  }

  const cancel = () => void navigate(Routes.blockingRules);
  return { ...v, errors, preview, setPreview, busy, confirming, setConfirming, runPreview, save, onSubmit, onImport, cancel };
}

export type RuleFormState = ReturnType<typeof useRuleForm>;
