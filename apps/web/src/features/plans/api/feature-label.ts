import type { PlanFeature } from '@pc/contracts';

/** A flag value in words: limits as numbers, sets as lists, booleans as Included / Not included. */
export function featureValue(f: PlanFeature): string {
  if (typeof f.value === 'boolean') return f.value ? 'Included' : 'Not included';
  if (Array.isArray(f.value)) return f.value.length === 0 ? 'None' : f.value.join(', ');
  if (f.shape === 'EXTENSION') return f.value === 0 ? 'None' : `+${f.value}`;
  return String(f.value);
}
