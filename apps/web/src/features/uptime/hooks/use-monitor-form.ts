import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { Routes, type CheckResult, type Monitor } from '@pc/contracts';
import { ApiRequestError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { createMonitor, monitorKeys, testMonitor, updateMonitor } from '../api/monitors-api';
import { fieldErrors } from '../state/monitor-format';
import { toInput, type MonitorField, type MonitorFormState } from '../state/monitor-form-state';

type Errors = Partial<Record<MonitorField, string>>;

/** The monitor form's values and errors, with the props a text or number input of one field takes. */
export function useMonitorFields(initial: () => MonitorFormState) {
  const [s, setS] = useState<MonitorFormState>(initial);
  const [errors, setErrors] = useState<Errors>({});

  const set = <K extends MonitorField>(k: K, v: MonitorFormState[K]) => {
    setS((prev) => ({ ...prev, [k]: v }));
    setErrors((prev) => ({ ...prev, [k]: undefined }));
  };
  const text = (k: MonitorField) => ({
    name: k,
    value: s[k] as string,
    error: errors[k],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(k, e.currentTarget.value as never),
  });
  const number = (k: MonitorField) => ({
    name: k,
    value: s[k] as string,
    error: errors[k],
    allowDecimal: false,
    allowNegative: false,
    onChange: (v: string | number) => set(k, String(v) as never),
  });
  return { s, errors, setErrors, set, text, number };
}

export type MonitorFields = ReturnType<typeof useMonitorFields>;

/** What the form's buttons do: test the values as typed (nothing saved), save them, or leave. */
export function useMonitorFormActions(
  fields: MonitorFields,
  { publisherId, monitor, minIntervalSeconds, allowedIntervalSeconds }: MonitorFormProps,
) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<'test' | 'save' | null>(null);
  const [tested, setTested] = useState<CheckResult | null>(null);
  const { s, setErrors } = fields;

  function validated() {
    const r = toInput(s, minIntervalSeconds, allowedIntervalSeconds);
    setErrors(r.errors ?? {});
    if (r.errors) {
      const first = Object.keys(r.errors)[0];
      const el = first ? document.querySelector<HTMLElement>(`[name="${first}"]`) : null;
      el?.focus();
    }
    return r.data;
  }

  function showServerError(e: unknown) {
    if (e instanceof ApiRequestError && e.fields) setErrors(fieldErrors(e.fields));
    toast.error(errorMessage(e));
  }

  async function runTest() {
    const input = validated();
    if (!input) return;
    setBusy('test');
    setTested(null);
    try {
      setTested(await testMonitor(publisherId, input));
    } catch (e) {
      showServerError(e);
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const input = validated();
    if (!input) return;
    setBusy('save');
    try {
      const saved = monitor ? await updateMonitor(publisherId, monitor.id, input) : await createMonitor(publisherId, input);
      toast.success(monitor ? 'The monitor was saved.' : 'The monitor was created: its first check runs within a few seconds.');
      void mutate(monitorKeys.list(publisherId));
      void mutate(monitorKeys.monitor(publisherId, saved.id), saved, { revalidate: false });
      void navigate(Routes.uptimeMonitor(saved.id));
    } catch (err) {
      showServerError(err);
    } finally {
      setBusy(null);
    }
  }

  const cancel = () => void navigate(monitor ? Routes.uptimeMonitor(monitor.id) : Routes.uptimeMonitoring);
  return { busy, tested, runTest, onSubmit, cancel };
}

export interface MonitorFormProps {
  publisherId: string;
  monitor?: Monitor;
  minIntervalSeconds: number;
  /** The plan's offered intervals (uptime.check_intervals), from /api/monitors/limits. */
  allowedIntervalSeconds: readonly number[];
}
