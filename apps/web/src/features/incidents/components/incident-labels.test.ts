import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@pc/contracts';
import { cameBackNote, occurrenceDetail } from './incident-labels';

describe('an occurrence in the timeline', () => {
  it('reads as a sentence, never as raw keys', () => {
    expect(occurrenceDetail({ domain: 'sport.example', status: 'missing_lines', missingLines: 2 })).toBe(
      'Domain sport.example; Status: missing lines; 2 required lines missing.',
    );
    expect(occurrenceDetail({ url: 'https://a.example/', httpStatus: 502, error: 'status 502 is not accepted' })).toBe(
      'Address https://a.example/; HTTP 502; status 502 is not accepted.',
    );
    expect(occurrenceDetail({ missingLines: 1, someNewKey: 'x', nested: { a: 1 }, empty: '' })).toBe(
      '1 required line missing; Some new key: x.',
    );
    expect(
      occurrenceDetail({
        day: '2026-11-27',
        revenue: '$8.00',
        usualRevenue: '$25.00',
        change: '−68.0%',
        explanation: 'What changed against Nov 20, 2026: Revenue −68.0% (−$17.00): Video on Sport, eCPM −65.0%',
      }),
    ).toBe(
      'On Nov 27, 2026; revenue $8.00; usual $25.00; −68.0%; What changed against Nov 20, 2026: Revenue −68.0% (−$17.00): Video on Sport, eCPM −65.0%.',
    );
    // Moments read as days and times with their zone, never as ISO timestamps.
    const checked = occurrenceDetail({ at: '2026-11-27T09:30:00.000Z', certExpiresAt: '2026-12-24T12:00:00.000Z' })!;
    expect(checked).toMatch(/^Checked Nov 2[67], 2026, \d{1,2}:\d{2} [AP]M \S+; Certificate expires Dec 2[45], 2026\.$/);
    expect(checked).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(occurrenceDetail({})).toBeNull();
    expect(occurrenceDetail(null)).toBeNull();
  });
});

describe('an acknowledged incident that came back', () => {
  const acknowledgedAt = '2026-11-20T08:00:00.000Z';
  const ack = { acknowledgedBy: 'ops@northwind.example', acknowledgedAt };
  const later = Date.parse(acknowledgedAt) / 1000 + 3600;

  it('says it came back after whom and when', () => {
    const note = cameBackNote({ status: 'open', ...ack, lastOccurrence: later });
    expect(note).toMatch(/^It came back on .+ after ops@northwind\.example acknowledged it on .+\.$/);
    expect(note).toContain(`acknowledged it on ${formatDateTime(acknowledgedAt)}.`);
    expect(note).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('says nothing while acknowledged, when never acknowledged, or for an occurrence before the acknowledgement', () => {
    expect(cameBackNote({ status: 'acknowledged', ...ack, lastOccurrence: later })).toBeNull();
    expect(cameBackNote({ status: 'open', acknowledgedBy: null, acknowledgedAt: null, lastOccurrence: later })).toBeNull();
    expect(cameBackNote({ status: 'open', ...ack, lastOccurrence: later - 7200 })).toBeNull();
  });
});
