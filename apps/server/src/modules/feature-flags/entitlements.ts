import { DEFAULT_PLAN_ID, PLAN_UPGRADE_HINT, type EffectiveFlag } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { HttpError } from '../../lib/http-error';
import { featureFlagsRepo } from './feature-flags.repo';
import { effectiveFlags, flagValue } from './feature-flags.service';

/** Builds the refusal's first sentence from the plan's name, e.g. `Your ${plan} plan allows 10 monitors.` */
export type PlanSentence = (planName: string) => string;

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The one wording of every plan refusal: 403 `PlanLimit`, what the plan allows (naming the plan),
 * then what the user can do here, or the way up. `field` (the input concerned) gets the same
 * message in `fields`, so a form marks it.
 */
export function planRefusal(planName: string, sentence: PlanSentence, remedy?: string, field?: string): HttpError {
  const wayUp = remedy ? `${remedy}, or ${PLAN_UPGRADE_HINT}.` : `${capitalised(PLAN_UPGRADE_HINT)}.`;
  const message = `${sentence(planName)} ${wayUp}`;
  return new HttpError(403, message, 'PlanLimit', field ? { [field]: message } : undefined);
}

export interface LimitRefusal {
  /** What is counted, singular ("uptime monitor"); an s is added for any other count. */
  thing: string;
  /** What frees one up, e.g. "Delete one you no longer need". */
  remedy?: string;
  /** The value when the flag is not defined (deleted by an admin): the deployment's configured limit. */
  fallback: number;
}

/**
 * Entitlements: what a publisher's plan plus its overrides allow, for every flag shape, and the
 * one way to refuse what they do not. Every module that checks a plan feature asks this (through
 * the feature-flags index), never the flag tables. Bound to `db`: pass a transaction to read under
 * the caller's locks (a count-vs-limit check). Each answer reads PostgreSQL (indexed lookups), so
 * a plan change or an admin's override holds at once in every process.
 */
export function entitlements(db: Db) {
  const planName = async (publisherId: string): Promise<string> =>
    (await featureFlagsRepo(db).planNameOf(publisherId, DEFAULT_PLAN_ID)) ?? 'current';
  const refuse = async (publisherId: string, sentence: PlanSentence, remedy?: string, field?: string) =>
    planRefusal(await planName(publisherId), sentence, remedy, field);

  /** BOOLEAN: the feature is on; `fallback` when the flag is not defined. */
  async function allows(publisherId: string, key: string, fallback = false): Promise<boolean> {
    const v = await flagValue(db, publisherId, key);
    return typeof v === 'boolean' ? v : fallback;
  }
  /** LIMIT: the most the publisher may have or keep. */
  async function limit(publisherId: string, key: string, fallback: number): Promise<number> {
    const v = await flagValue(db, publisherId, key);
    return typeof v === 'number' ? v : fallback;
  }
  /** SET: the values the publisher may choose from. */
  async function allowedSet(publisherId: string, key: string, fallback: readonly string[] = []): Promise<string[]> {
    const v = await flagValue(db, publisherId, key);
    return Array.isArray(v) ? v : [...fallback];
  }
  /** EXTENSION: days added to a base the feature defines (never negative). */
  async function extensionDays(publisherId: string, key: string, fallback = 0): Promise<number> {
    const v = await flagValue(db, publisherId, key);
    return Math.max(0, typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  }

  /**
   * LIMIT for every publisher in one read (background jobs such as retention): `of(publisherId)`
   * is its value, `longest` the largest any publisher has, `base` what a publisher without an
   * override has and `overrides` the others. Two queries whatever the publisher count.
   */
  async function limitsOfAll(key: string, fallback: number) {
    const { defaultValue, overrides } = await featureFlagsRepo(db).valuesOfAll(key);
    const base = typeof defaultValue === 'number' ? defaultValue : fallback;
    const values = new Map([...overrides].filter((e): e is [string, number] => typeof e[1] === 'number'));
    return {
      of: (publisherId: string): number => values.get(publisherId) ?? base,
      longest: Math.max(base, ...values.values()),
      base,
      overrides: values as ReadonlyMap<string, number>,
    };
  }

  return {
    all: (publisherId: string): Promise<EffectiveFlag[]> => effectiveFlags(db, publisherId),
    limitsOfAll,
    planName,
    refuse,
    allows,
    limit,
    allowedSet,
    extensionDays,
    /** Refuses unless the BOOLEAN feature is on: `${subject} not part of your Growth plan.` */
    async assertAllowed(publisherId: string, key: string, subject: string, fallback = false): Promise<void> {
      if (!(await allows(publisherId, key, fallback))) throw await refuse(publisherId, (p) => `${subject} not part of your ${p} plan.`);
    },
    /** Refuses one more when `used` already reaches the LIMIT; returns the limit otherwise. */
    async assertBelowLimit(publisherId: string, key: string, used: number, r: LimitRefusal): Promise<number> {
      const max = await limit(publisherId, key, r.fallback);
      if (used >= max) throw await refuse(publisherId, (p) => `Your ${p} plan allows ${max} ${r.thing}${max === 1 ? '' : 's'}.`, r.remedy);
      return max;
    },
    /** Refuses a value outside the SET; `sentence` says what the set allows, `field` is the input it came from. */
    async assertInSet(
      publisherId: string,
      key: string,
      value: string,
      r: { sentence: (planName: string, allowed: string[]) => string; field?: string; remedy?: string; fallback?: readonly string[] },
    ): Promise<void> {
      const allowed = await allowedSet(publisherId, key, r.fallback);
      if (allowed.includes(value)) return;
      throw await refuse(publisherId, (p) => r.sentence(p, allowed), r.remedy, r.field);
    },
  };
}
export type Entitlements = ReturnType<typeof entitlements>;
