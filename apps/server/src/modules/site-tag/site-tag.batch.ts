import { z } from 'zod';

// What a batch from the site tag may hold: the rules site-tag.validate.ts applies by hand, as a
// schema for the types and for its tests.
/** Limits that make junk cheap to refuse (each a 4xx before anything is stored). */
export const COLLECT_LIMITS = {
  maxBodyBytes: 32 * 1024,
  maxEvents: 50,
  /** Events older than this are refused (a beacon is sent within seconds; a day covers clock skew). */
  maxAgeMs: 24 * 60 * 60 * 1000,
  /** Clocks run ahead a little; more than this is a forged or broken timestamp. */
  maxFutureMs: 5 * 60 * 1000,
} as const;

const str = (max: number) => z.string().max(max);
const base = { ts: z.number().int().positive(), id: str(32).min(1), p: str(512).startsWith('/') };
const EventSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('pv'),
    ...base,
    r: str(1024).default(''),
    us: str(100).default(''),
    um: str(100).default(''),
    uc: str(100).default(''),
    vw: z.number().int().min(0).max(20_000).default(0),
  }),
  z.object({ t: z.literal('en'), ...base, et: z.number().int().min(0).max(86_400_000), sd: z.number().int().min(0).max(100) }),
  z.object({
    t: z.literal('wv'),
    ...base,
    n: z.enum(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']),
    v: z.number().min(0).max(600_000),
    a: str(200).default(''),
  }),
]);
/** The batch's rules as a schema (types, and the reference site-tag.validate.ts is tested against). */
export const BatchSchema = z.object({ k: str(64).min(1), e: z.array(EventSchema).min(1).max(COLLECT_LIMITS.maxEvents) });
export type TagBatch = z.infer<typeof BatchSchema>;
export type TagEventIn = TagBatch['e'][number];
