import { Select } from '@mantine/core';
import { intervalLabel, intervalList } from '@pc/contracts';

/**
 * The check interval as a choice among the plan's offered intervals (uptime.check_intervals), not
 * a free number: the server refuses any other. A monitor saved before its plan changed keeps its
 * interval and keeps running; the field shows it, says it is not on the plan, and the next save
 * needs an offered one.
 */
export function IntervalField(props: { value: string; allowed: readonly number[]; error?: string; onChange: (seconds: string) => void }) {
  const current = Number(props.value);
  const offPlan = Number.isFinite(current) && current > 0 && !props.allowed.includes(current);
  const data = [
    ...(offPlan ? [{ value: props.value, label: `Every ${intervalLabel(current)} (not on your plan)` }] : []),
    ...props.allowed.map((s) => ({ value: String(s), label: `Every ${intervalLabel(s)}` })),
  ];
  return (
    <Select
      label="Interval"
      name="intervalSeconds"
      required
      allowDeselect={false}
      data={data}
      value={props.value}
      onChange={(v) => v && props.onChange(v)}
      error={props.error}
      description={
        offPlan
          ? `Your plan checks every ${intervalList(props.allowed)}: this monitor keeps its interval until you save it with one of these.`
          : 'The intervals your plan offers.'
      }
      comboboxProps={{ withinPortal: true }}
    />
  );
}
