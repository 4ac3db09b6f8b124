import { describe, expect, it } from 'vitest';

describe('zod-csp', () => {
  it('puts zod in jitless mode, so it never probes eval under the CSP', async () => {
    await import('./zod-csp');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);
    // The probe is the only `new Function` zod makes: with jitless, parsing an object makes none.
    const original = globalThis.Function;
    let constructed = 0;
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        constructed++;
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    } finally {
      globalThis.Function = original;
    }
    expect(constructed).toBe(0);
  });
});
