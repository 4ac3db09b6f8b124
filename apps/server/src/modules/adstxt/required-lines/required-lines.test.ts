import { describe, expect, it } from 'vitest';
import { parseAdsTxt } from '@pc/contracts/adstxt-parser/parse-ads-txt';
import { fillTemplate, TemplateFillError } from './fill-template';
import { missingLines, missingLinesText } from './missing-lines';

const TEMPLATE = `# Provider required lines
appnexus.com, {pub_an_id}, DIRECT, f5ab79cb980f11d1
appnexus.com, {appnexus_marketplace_id}, RESELLER, f5ab79cb980f11d1
appnexus.com, {appnexus_direct_id}, DIRECT, f5ab79cb980f11d1
provider.example, {publisher_id}, DIRECT
google.com, pub-123, RESELLER, f08c47fec0942fa0
`;
const IDS = { pub_an_id: 1001, appnexus_marketplace_id: '2002', appnexus_direct_id: 3003, publisher_id: 'pc-77' };

describe('fillTemplate', () => {
  it('replaces every placeholder, wherever and however often it appears', () => {
    const filled = fillTemplate(TEMPLATE, IDS);
    expect(filled).toContain('appnexus.com, 1001, DIRECT');
    expect(filled).toContain('appnexus.com, 2002, RESELLER');
    expect(filled).toContain('appnexus.com, 3003, DIRECT');
    expect(filled).toContain('provider.example, pc-77, DIRECT');
    expect(filled).not.toContain('{');
    expect(fillTemplate('{pub_an_id}-{pub_an_id}', IDS)).toBe('1001-1001');
  });

  it('leaves unknown braces untouched', () => {
    expect(fillTemplate('x, {other}, DIRECT {pub_an_id} {', IDS)).toBe('x, {other}, DIRECT 1001 {');
  });

  it('refuses to fill a placeholder that has no value', () => {
    expect(() => fillTemplate(TEMPLATE, { ...IDS, appnexus_direct_id: null, publisher_id: ' ' })).toThrow(TemplateFillError);
    try {
      fillTemplate(TEMPLATE, { pub_an_id: 1 });
    } catch (err) {
      expect((err as TemplateFillError).missing).toEqual(['appnexus_marketplace_id', 'appnexus_direct_id', 'publisher_id']);
    }
    expect(fillTemplate('google.com, pub-1, DIRECT', {})).toBe('google.com, pub-1, DIRECT');
  });
});

describe('missingLines', () => {
  const required = fillTemplate(TEMPLATE, IDS);

  it('returns every required line when the file is empty', () => {
    const missing = missingLines(required, parseAdsTxt(''));
    expect(missing.map((m) => m.line)).toEqual([
      'appnexus.com, 1001, DIRECT, f5ab79cb980f11d1',
      'appnexus.com, 2002, RESELLER, f5ab79cb980f11d1',
      'appnexus.com, 3003, DIRECT, f5ab79cb980f11d1',
      'provider.example, pc-77, DIRECT',
      'google.com, pub-123, RESELLER, f08c47fec0942fa0',
    ]);
    expect(missing[0]?.record.line).toBe(2);
  });

  it('matches case-insensitively and ignores the certification id and comments', () => {
    const actual = parseAdsTxt(
      [
        'APPNEXUS.COM, 1001, direct # our seat',
        'appnexus.com, 2002, RESELLER, differentcert',
        'appnexus.com, 3003, RESELLER, f5ab79cb980f11d1', // wrong relationship: still missing
        'Provider.Example, PC-77, Direct',
        'google.com, PUB-123, reseller;ext',
      ].join('\r\n'),
    );
    const missing = missingLines(required, actual);
    expect(missing.map((m) => m.line)).toEqual(['appnexus.com, 3003, DIRECT, f5ab79cb980f11d1']);
    expect(missingLinesText(missing)).toBe('appnexus.com, 3003, DIRECT, f5ab79cb980f11d1\n');
  });

  it('reports nothing when all lines are present, and a repeated required line once', () => {
    expect(missingLines(required, parseAdsTxt(required))).toEqual([]);
    expect(missingLines('a.com, 1, DIRECT\na.com, 1, DIRECT\n', parseAdsTxt(''))).toHaveLength(1);
    expect(missingLinesText([])).toBe('');
  });

  it('does not count invalid lines of the actual file as present', () => {
    const missing = missingLines('google.com, pub-123, RESELLER', parseAdsTxt('google.com pub-123 RESELLER'));
    expect(missing).toHaveLength(1);
  });
});
