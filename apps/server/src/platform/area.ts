import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppDeps } from '../app-deps';
import type { AppConfig } from '../config/env';
import type { ChangeNotifications } from '../db/change-notifications';
import type { Db } from '../db/pool';
import type { JobQueue, Worker } from '../lib/jobs/job-queue';
import type { SecretBox } from '../lib/keys/secret-box';
import type { CpuPool } from '../lib/workers/cpu-pool';
import type { Mailer } from '../mail/mailer';
import type { ReportEngine } from '../report-engine/report-engine';

/**
 * What every area may use: built once by the composition root (platform.ts) before any area, and
 * closed after every area. An area takes what it needs from here and from the areas before it.
 */
export interface Platform {
  config: AppConfig;
  db: Db;
  logger: Logger;
  /** What buildApp was given; an area uses a test's double (crawler, fetch client, DNS) instead of its own. */
  deps: AppDeps;
  publicUrl: string;
  /** DATA_DIR, resolved and created. */
  dataDir: string;
  /** Demo data outside production: demo pages per site and demo monitor targets. */
  demoMode: boolean;
  /** False in tests: nothing polls or is scheduled; tests drain workers and run schedules by hand. */
  startWorkers: boolean;
  /** A worker's poll interval: 0 (drained by hand) unless startWorkers. */
  pollMs: number;
  jobs: JobQueue;
  mailer: Mailer;
  /** Other processes' (and any SQL's) changes to cached rows, by NOTIFY on commit (migration 0102). */
  changes: ChangeNotifications;
  engine: ReportEngine;
  /** This process's embedded (DuckDB) fact store registration; null with ClickHouse or an injected engine. */
  factStore: { stop(): void } | null;
  /** One pool of worker threads for every CPU-heavy task (ads.txt revisions, export encoding). */
  cpuPool: CpuPool;
  /** Secrets at rest (bank details, webhook secrets): one key ring. */
  secretBox: SecretBox;
}

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * What an area adds to the application, from its `modules/<area>/index.ts`: services for the areas
 * after it (`provides`), its routes, its queue workers and periodic schedules, and its close steps.
 */
export interface AreaParts<P extends object = object, W extends Record<string, Worker> = Record<never, Worker>> {
  provides: P;
  /** Registered after the platform's hooks, access control and feature gates. */
  routes?: (app: FastifyInstance) => Promise<void>;
  /** One worker per durable queue; tests reach them as `BuiltApp.workers` and drain them by hand. */
  workers?: W;
  /** Periodic schedules that enqueue work: stopped first on close. */
  schedules?: Stoppable[];
  /** Stopped with the workers, under the same shutdown deadline (the uptime scheduler). */
  running?: Stoppable[];
  /** After every area's workers stopped; areas close in reverse order, then the platform. */
  close?: () => Promise<void>;
}

/** An area: its name and how it is set up from the platform and what earlier areas provide. */
export interface Area<N extends object, P extends object, W extends Record<string, Worker>> {
  name: string;
  setup(platform: Platform, needs: N): Promise<AreaParts<P, W>>;
}

export function defineArea<N extends object, P extends object, W extends Record<string, Worker> = Record<never, Worker>>(
  area: Area<N, P, W>,
): Area<N, P, W> {
  return area;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AnyWorkers = Record<string, Worker>;
type AnyArea = Area<never, object, AnyWorkers>;
type AnyParts = AreaParts<object, AnyWorkers>;
type NeedsOf<A> = A extends Area<infer N, object, AnyWorkers> ? N : never;
type ProvidesOf<A> = A extends Area<never, infer P, AnyWorkers> ? P : never;
type WorkersOf<A> = A extends Area<never, object, infer W> ? W : never;

/**
 * The areas in an order where each one's needs are met by what the areas before it provide;
 * an area placed before its providers fails to type-check, naming what it is missing.
 */
type InOrder<As extends readonly unknown[], Have> = As extends readonly [infer A, ...infer Rest]
  ? readonly [
      Have extends NeedsOf<A> ? A : { area: A; missing: Exclude<keyof NeedsOf<A>, keyof Have> },
      ...InOrder<Rest, Have & ProvidesOf<A>>,
    ]
  : readonly [];

export interface SetUpAreas<As extends readonly AnyArea[]> {
  parts: AnyParts[];
  /** What every area provides, by name (the names are distinct: a repeat is refused at start). */
  provides: UnionToIntersection<ProvidesOf<As[number]>>;
  /** Every area's queue workers by name (BuiltApp.workers). */
  workers: UnionToIntersection<WorkersOf<As[number]>>;
}

/** Sets the areas up in their order, each with the platform and what the areas before it provide. */
export async function setUpAreas<const As extends readonly AnyArea[]>(
  platform: Platform,
  areas: As & InOrder<As, object>,
): Promise<SetUpAreas<As>> {
  const parts: AnyParts[] = [];
  const provides: Record<string, unknown> = {};
  const workers: Record<string, Worker> = {};
  for (const area of areas as readonly AnyArea[]) {
    // A copy: an area reads what the areas before it provide, never a later one's.
    const part = await area.setup(platform, { ...provides } as never).catch(async (err: unknown) => {
      // The areas already set up may poll and hold clients: stopped before the error goes on.
      await stopAreas(platform, parts);
      throw err;
    });
    for (const [into, from] of [
      [provides, part.provides],
      [workers, part.workers ?? {}],
    ] as const) {
      const repeated = Object.keys(from).filter((name) => name in into);
      if (repeated.length > 0) throw new Error(`Area ${area.name} repeats the names ${repeated.join(', ')}`);
      Object.assign(into, from);
    }
    parts.push(part);
  }
  return { parts, provides, workers } as SetUpAreas<As>;
}

/**
 * The areas' half of shutdown (the app's onClose hook, after the listener closed and in-flight
 * requests finished): schedules stop, then every worker at once under one deadline for running
 * jobs, then each area's own close steps, the later areas (which use the earlier) first.
 */
export async function stopAreas(platform: Platform, areas: readonly AnyParts[]): Promise<void> {
  await Promise.all(areas.flatMap((a) => a.schedules ?? []).map((s) => s.stop()));
  platform.jobs.shutdownWithin(platform.config.SHUTDOWN_TIMEOUT_MS);
  await Promise.all(areas.flatMap((a) => [...Object.values(a.workers ?? {}), ...(a.running ?? [])]).map((w) => w.stop()));
  for (const a of [...areas].reverse()) await a.close?.();
}

/** Every area's routes, in the areas' order. */
export async function registerAreaRoutes(app: FastifyInstance, areas: readonly AnyParts[]): Promise<void> {
  for (const a of areas) await a.routes?.(app);
}

/** The named fields of an object (what buildApp exposes of the areas' provides). */
export function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>;
}
