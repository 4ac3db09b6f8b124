import { describe, expect, it } from 'vitest';
import type { PlanFeature } from '@pc/contracts';
import { featureValue } from './feature-label';

const f = (key: string, shape: PlanFeature['shape'], value: PlanFeature['value']): PlanFeature => ({ key, shape, value, description: '' });

describe('plan feature values in words', () => {
  it('says what the plan enforces for intervals and report history', () => {
    expect(featureValue(f('uptime.check_intervals', 'SET', ['15', '60']))).toBe('Every 15 minutes or 1 hour');
    expect(featureValue(f('uptime.check_intervals', 'SET', ['1', '5', '15', '60']))).toBe(
      'Every 1 minute, 5 minutes, 15 minutes or 1 hour',
    );
    expect(featureValue(f('reports.history_extension_days', 'EXTENSION', 0))).toBe('13 months');
    expect(featureValue(f('reports.history_extension_days', 'EXTENSION', 365))).toBe('13 months + 365 days');
  });

  it('keeps the plain words for the other shapes', () => {
    expect(featureValue(f('integrations.webhooks', 'BOOLEAN', false))).toBe('Not included');
    expect(featureValue(f('uptime.max_monitors', 'LIMIT', 10))).toBe('10');
    expect(featureValue(f('other.extension', 'EXTENSION', 30))).toBe('+30');
  });
});
