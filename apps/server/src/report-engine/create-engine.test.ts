import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../config/env';
import type { ClickHouseExec } from './clickhouse-exec';
import { withClusterLayout } from './create-engine';

/** A connection that records the statements sent to it. */
function recordingExec(): ClickHouseExec & { sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    query: () => Promise.resolve([]),
    insert: () => Promise.resolve(),
    command: (sql: string) => {
      sent.push(sql.trim());
      return Promise.resolve();
    },
  } as unknown as ClickHouseExec & { sent: string[] };
}

const DAY_DELETE = 'DELETE FROM revenue_sales WHERE publisher_id = {pub:String} AND date = {date:Date}';

describe('CLICKHOUSE_CLUSTER', () => {
  it('defaults to a single server and accepts only the documented layouts', () => {
    expect(EnvSchema.shape.CLICKHOUSE_CLUSTER.parse(undefined)).toBe('none');
    expect(EnvSchema.shape.CLICKHOUSE_CLUSTER.safeParse('galaxy').error?.issues[0]?.message).toBe('accepts none, replicated or sharded');
  });

  it("sends a sharded cluster's day replacement to the local tables on every shard; elsewhere as written", async () => {
    for (const [layout, expected] of [
      ['none', DAY_DELETE],
      ['replicated', DAY_DELETE],
      ['sharded', DAY_DELETE.replace('DELETE FROM revenue_sales ', "DELETE FROM revenue_sales_local ON CLUSTER '{cluster}' ")],
    ] as const) {
      const exec = recordingExec();
      await withClusterLayout(exec, layout).command(DAY_DELETE, {});
      expect(exec.sent, layout).toEqual([expected]);
    }
  });
});
