import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/pool';
import type { Platform } from '../../platform/area';
import type { ReportEngine } from '../../report-engine/report-engine';
import { dataLoadsArea } from './index';

/** The area's parts on a platform with this engine; nothing runs (the schedules are stopped at once). */
async function schedulesOf(engine: Partial<ReportEngine>, startWorkers: boolean) {
  const platform = { db: {} as Db, engine, logger: pino({ level: 'silent' }), startWorkers } as unknown as Platform;
  const parts = await dataLoadsArea.setup(platform, {});
  await Promise.all((parts.schedules ?? []).map((s) => s.stop()));
  return parts.schedules?.length ?? 0;
}

describe('the data loads area', () => {
  it('schedules the repair of interrupted publishes only for an engine that can leave one, and only with workers', async () => {
    const clickHouseLike = { finishInterruptedIngests: async () => ({ publisherIds: [] }) };
    expect(await schedulesOf(clickHouseLike, true)).toBe(1);
    expect(await schedulesOf(clickHouseLike, false)).toBe(0);
    // DuckDB's commit is one transaction: nothing to finish, no schedule.
    expect(await schedulesOf({}, true)).toBe(0);
  });
});
