import { describe, expect, it } from 'vitest';
import { checkAdsTxtTemplate, templateError } from './check-template';

describe('checkAdsTxtTemplate', () => {
  it('accepts the placeholders, and lines that differ only by which id they use are not duplicates', () => {
    const t =
      'appnexus.com, {appnexus_marketplace_id}, RESELLER, f5ab79cb980f11d1\nappnexus.com, {appnexus_direct_id}, DIRECT, f5ab79cb980f11d1';
    expect(checkAdsTxtTemplate(t)).toEqual([]);
    expect(checkAdsTxtTemplate('   \n')).toEqual([]);
  });

  it('reports an unknown placeholder and the parser errors by line, and the first error for the form', () => {
    const problems = checkAdsTxtTemplate('ok.example, {publisher_id}, DIRECT\nx.example, {typo}, DIRECT\nnot a record');
    expect(problems.map((p) => [p.line, p.code])).toEqual([
      [2, 'unknown_placeholder'],
      [3, 'malformed_record'],
    ]);
    expect(templateError(problems)).toMatch(/^Line 2: Unknown placeholder \{typo\}.*\(1 more error\)$/);
    expect(templateError(checkAdsTxtTemplate('ok.example, {publisher_id}, DIRECT'))).toBeNull();
  });
});
