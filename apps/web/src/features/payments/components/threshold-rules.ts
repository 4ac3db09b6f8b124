import { PaymentThresholdInputSchema } from '@pc/contracts';
import { money } from './format';

/** What is wrong with a threshold typed in the form, or null; the same rules the server applies. */
export function thresholdError(value: number | string, minimum: number, currency: string): string | null {
  if (value === '' || value === null) return 'Enter an amount.';
  const parsed = PaymentThresholdInputSchema.safeParse({ threshold: typeof value === 'number' ? value : Number(value) });
  if (!parsed.success || Number.isNaN(Number(value))) return parsed.success ? 'Enter an amount like 250.' : parsed.error.issues[0]!.message;
  if (parsed.data.threshold < minimum) return `The threshold is at least ${money(minimum, currency)}.`;
  return null;
}
