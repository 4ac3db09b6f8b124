import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadSigningKeys, retireOlderSigningKeys, rotateSigningKey } from './signing-keys';

// Signing-key rotation: rotate, both keys published, then retire.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('a rotated key signs from the next start; the old one stays published until retired', async () => {
  const before = await loadSigningKeys(t.db);
  const kid = await rotateSigningKey(t.db);
  const after = await loadSigningKeys(t.db);
  expect(after.kid).toBe(kid);
  expect(after.jwks.keys.map((k) => k.kid)).toEqual(expect.arrayContaining([kid, before.kid]));
  expect(await retireOlderSigningKeys(t.db)).toBeGreaterThanOrEqual(1);
  const retired = await loadSigningKeys(t.db);
  expect(retired.kid).toBe(kid);
  expect(retired.jwks.keys.map((k) => k.kid)).toEqual([kid]);
});
