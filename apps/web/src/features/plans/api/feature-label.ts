import {
  CHECK_INTERVALS_FLAG,
  HISTORY_EXTENSION_FLAG,
  REPORT_BASE_HISTORY_MONTHS,
  allowedIntervalSeconds,
  intervalList,
  type PlanFeature,
} from '@pc/contracts';

/**
 * A flag value in words: limits as numbers, sets as lists, booleans as Included / Not included.
 * The two features whose raw value reads poorly say what is enforced: check intervals in minutes
 * and hours, report history as the base every plan has plus the extension.
 */
export function featureValue(f: PlanFeature): string {
  if (typeof f.value === 'boolean') return f.value ? 'Included' : 'Not included';
  if (f.key === CHECK_INTERVALS_FLAG && Array.isArray(f.value)) {
    const seconds = allowedIntervalSeconds(f.value);
    return seconds.length === 0 ? 'None' : `Every ${intervalList(seconds)}`;
  }
  if (Array.isArray(f.value)) return f.value.length === 0 ? 'None' : f.value.join(', ');
  if (f.key === HISTORY_EXTENSION_FLAG && typeof f.value === 'number')
    return f.value > 0 ? `${REPORT_BASE_HISTORY_MONTHS} months + ${f.value} days` : `${REPORT_BASE_HISTORY_MONTHS} months`;
  if (f.shape === 'EXTENSION') return f.value === 0 ? 'None' : `+${f.value}`;
  return String(f.value);
}
