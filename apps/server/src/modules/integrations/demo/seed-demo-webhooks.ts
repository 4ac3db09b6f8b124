import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../../db/pool';
import { INTEGRATIONS_WEBHOOK_SOURCE } from '../webhooks.repo';
import { DEMO_EMAILS } from '../../../demo/demo-data';

const MINUTE = 60_000;

interface DemoDelivery {
  event: string;
  summary: string;
  data: Record<string, unknown>;
  minutesAgo: number;
  /** Answers of each attempt, oldest first. */
  answers: number[];
}

/**
 * One webhook subscription of Northwind (1001) with a few logged deliveries (one retried), so the
 * webhooks section of /integrations is alive on `npm start`. Its address is not reachable and no
 * job is queued for these rows: nothing is ever sent. The secret is derived, so seeds are the same.
 */
const DELIVERIES: DemoDelivery[] = [
  {
    event: 'incident.opened',
    summary: 'New incident on Northwind Sport: ads.txt of sport.northwind-news.example lost 2 required lines',
    data: { change: 'opened', type: 'adstxt', severity: 'high', siteId: '5002' },
    minutesAgo: 26 * 60,
    answers: [200],
  },
  {
    event: 'adstxt.changed',
    summary: 'ads.txt of sport.northwind-news.example: authorized → missing lines',
    data: { domain: 'sport.northwind-news.example', previousStatus: 'authorized', status: 'missing_lines', missingLines: 2 },
    minutesAgo: 26 * 60 + 1,
    answers: [503, 200],
  },
  {
    event: 'webhook.test',
    summary: 'Test event for the webhook "Ops alerts": it works.',
    data: { name: 'Ops alerts' },
    minutesAgo: 3 * 24 * 60,
    answers: [200],
  },
];

export async function seedDemoWebhooks(db: Db): Promise<void> {
  const exists = await db.selectFrom('webhook_subscriptions').select('id').where('publisher_id', '=', '1001').executeTakeFirst();
  if (exists) return;
  const owner = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAILS.multi).executeTakeFirst();
  const secret = 'whsec_' + createHash('sha256').update('partners-center demo webhook 1001').digest('base64');
  const url = 'https://hooks.northwind-news.example/partners-center';
  const now = Date.now();
  const { id } = await db
    .insertInto('webhook_subscriptions')
    .values({
      publisher_id: '1001',
      name: 'Ops alerts',
      url,
      format: 'json',
      events: ['incident.opened', 'incident.resolved', 'adstxt.changed'],
      secret,
      created_by: owner?.id ?? null,
      created_at: new Date(now - 4 * 24 * 60 * MINUTE),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const d of DELIVERIES) {
    const deliveryId = randomUUID();
    const createdAt = new Date(now - d.minutesAgo * MINUTE);
    const body = JSON.stringify({
      id: deliveryId,
      type: d.event,
      createdAt: createdAt.toISOString(),
      publisherId: '1001',
      summary: d.summary,
      data: d.data,
    });
    const last = d.answers[d.answers.length - 1]!;
    const ok = last >= 200 && last < 300;
    const lastAt = new Date(createdAt.getTime() + (d.answers.length - 1) * 30_000);
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: deliveryId,
        message_id: deliveryId,
        publisher_id: '1001',
        source: INTEGRATIONS_WEBHOOK_SOURCE,
        target_id: id,
        url,
        format: 'json',
        secret,
        event: d.event,
        body,
        status: ok ? 'delivered' : 'failed',
        attempts: d.answers.length,
        max_attempts: 6,
        last_status_code: last,
        last_error: ok ? null : `The receiver answered HTTP ${last}.`,
        last_attempt_at: lastAt,
        delivered_at: ok ? lastAt : null,
        created_at: createdAt,
      })
      .execute();
    for (const [i, code] of d.answers.entries())
      await db
        .insertInto('webhook_delivery_attempts')
        .values({
          delivery_id: deliveryId,
          attempt: i + 1,
          at: new Date(createdAt.getTime() + i * 30_000),
          status_code: code,
          error: code >= 200 && code < 300 ? null : `The receiver answered HTTP ${code}.`,
          duration_ms: 120 + i * 40,
        })
        .execute();
  }
}
