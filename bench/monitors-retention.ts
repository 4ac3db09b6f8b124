/**
 * `npm run bench:monitors -- --retention`: two days of raw uptime results at the product's rate
 * (10,000 monitors every 60 s = 14.4 M rows a day), divided by --scale (default 100: 144,000 rows
 * a simulated day, said in the output), on a simulated clock. The table first holds a full window
 * (UPTIME_RAW_RETENTION_DAYS, 7) as a server that has run for a week would; then every simulated
 * 10 minutes the next 10 minutes of results are inserted and the scheduler's retention pass runs
 * (monitor-results-partitions.repo.ts: create days ahead, drop days that left the window). Prints
 * every 6 simulated hours the inflow so far beside the table's rows and bytes, which stay flat,
 * and what the old pass (10,000 rows deleted per 10 minutes, scaled alike) would have left.
 */
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/pool';
import { monitorResultsPartitionsRepo } from '../apps/server/src/modules/monitors/monitor-results-partitions.repo';

const DAY = 86_400_000;
const STEP = 10 * 60_000;

export async function retentionBench(db: Db, opts: { scale: number; windowDays: number; days: number }) {
  const perDay = 14_400_000 / opts.scale;
  const monitors = Math.max(1, Math.round(10_000 / opts.scale));
  const perStep = Math.round((perDay * STEP) / DAY);
  console.log(
    `retention bench: ${perDay.toLocaleString('en-US')} rows a simulated day (the 10,000-monitor rate of 14.4 M divided by ${opts.scale}), ` +
      `${monitors} monitors, window ${opts.windowDays} days, ${opts.days} simulated days after a full window\n`,
  );
  await sql`INSERT INTO publishers (id, name, currency) VALUES ('bench-r', 'Bench', 'USD') ON CONFLICT DO NOTHING`.execute(db);
  const ids = (
    await sql<{
      id: string;
    }>`INSERT INTO monitors (publisher_id, name, url, interval_seconds, timeout_seconds, cert_expiry_days, next_check_at, paused)
      SELECT 'bench-r', 'r' || g, 'https://r.example/', 60, 10, 0, now(), true FROM generate_series(1, ${monitors}) g RETURNING id`.execute(
      db,
    )
  ).rows.map((r) => r.id);
  const repo = monitorResultsPartitionsRepo(db);
  const start = Date.now();
  let clock = start - opts.windowDays * DAY;
  await repo.ensure(new Date(clock), new Date(start + 3 * DAY));
  const insert = async (from: number, rows: number) => {
    const per = Math.max(1, Math.round(rows / ids.length));
    await sql`INSERT INTO monitor_results (monitor_id, scheduled_at, at, ok, http_status, total_ms, dns_ms, connect_ms, first_byte_ms)
      SELECT m.id, to_timestamp((${from}::float8 + s * ${STEP / per}::float8) / 1000), to_timestamp((${from}::float8 + s * ${STEP / per}::float8 + 45) / 1000),
        true, 200, 80 + (s % 50), 3, 10, 60
      FROM unnest(${ids}::uuid[]) AS m(id), generate_series(0, ${per - 1}) AS s`.execute(db);
    return per * ids.length;
  };
  // A week's worth already there, as on a server that has run for the window.
  for (; clock < start; clock += STEP) await insert(clock, perStep);
  let inflow = 0;
  let oldBacklog = 0;
  const passMs: number[] = [];
  console.log('simulated time      inflow (rows)   table rows   table MB   partitions   retention pass ms (max)   old pass would hold');
  for (let step = 1; clock < start + opts.days * DAY; step++, clock += STEP) {
    inflow += await insert(clock, perStep);
    const t0 = performance.now();
    await repo.ensure(new Date(clock), new Date(clock + 3 * DAY));
    await repo.expire(new Date(clock - opts.windowDays * DAY));
    passMs.push(performance.now() - t0);
    // The old pass: 10,000 rows per 10 minutes per process, scaled like the inflow.
    oldBacklog += perStep - Math.min(perStep, 10_000 / opts.scale);
    if (step % 36 === 0) {
      const s = await repo.size();
      console.log(
        `${new Date(clock).toISOString().slice(0, 16)}  ${inflow.toLocaleString('en-US').padStart(13)}   ${s.rows.toLocaleString('en-US').padStart(10)}` +
          `   ${(s.bytes / 1048576).toFixed(1).padStart(8)}   ${String(s.partitions).padStart(10)}   ${Math.max(...passMs.splice(0))
            .toFixed(0)
            .padStart(23)}` +
          `   ${(perDay * opts.windowDays + oldBacklog).toLocaleString('en-US').padStart(19)} rows`,
      );
    }
  }
}
