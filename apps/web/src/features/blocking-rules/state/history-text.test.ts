import { describe, expect, it } from 'vitest';
import { describeChanges } from './history-text';

describe('describeChanges (rule history lines)', () => {
  it('lists the values a rule was created or deleted with, at most five', () => {
    expect(describeChanges({ values: ['a', 'b'] })).toBe('values: a, b');
    expect(describeChanges({ values: ['1', '2', '3', '4', '5', '6'] })).toBe('values: 1, 2, 3, 4, 5…');
  });
  it('says which values an edit added and removed and which fields changed', () => {
    expect(
      describeChanges({
        values: { added: ['new.example'], removed: ['old.example'] },
        name: { from: 'A', to: 'B' },
        expiresAt: { from: null, to: '2027-01-01' },
      }),
    ).toBe('added new.example; removed old.example; name changed; expiry date changed');
    expect(describeChanges({ siteIds: { from: null, to: ['5001'] } })).toBe('sites changed');
  });
  it('names IAB categories instead of showing their codes', () => {
    const name = (id: string) => ({ 'IAB7-39': 'Gambling', '1': 'Automotive' })[id] ?? id;
    expect(describeChanges({ values: ['IAB7-39', '1'] }, name)).toBe('values: Gambling, Automotive');
    expect(describeChanges({ values: { added: ['1'], removed: ['IAB7-39'] } }, name)).toBe('added Automotive; removed Gambling');
  });
  it('is empty when nothing is known (pause, resume, expiry)', () => {
    expect(describeChanges(null)).toBe('');
    expect(describeChanges({ name: 'Kept' })).toBe('');
  });
});
