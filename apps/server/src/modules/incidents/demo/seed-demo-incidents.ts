import type { Db } from '../../../db/pool';
import { DEMO_EMAILS } from '../../../demo/demo-data';
import { incidentsRepo } from '../incidents.repo';

const HOUR = 3_600_000;

interface DemoIncident {
  publisher: string;
  site: string | null;
  type: 'downtime' | 'certificate' | 'adstxt' | 'vulnerability' | 'other';
  severity: 'low' | 'medium' | 'high' | 'critical';
  category: string;
  key: string;
  title: string;
  /** Hours ago of each occurrence, oldest first. */
  occurredHoursAgo: number[];
  detail: Record<string, unknown>;
  ack?: { hoursAgo: number; note: string };
  resolved?: { hoursAgo: number; note: string };
}

/** Always the same incidents (relative to the seed time), so /incidents and the home card are alive on `npm start`. */
const INCIDENTS: DemoIncident[] = [
  {
    publisher: '1001',
    site: '5002',
    type: 'adstxt',
    severity: 'high',
    category: 'ads.txt',
    key: 'demo:adstxt:5002:missing-lines',
    title: 'ads.txt of sport.northwind-news.example lost 2 required lines',
    occurredHoursAgo: [50, 26, 2],
    detail: { domain: 'sport.northwind-news.example', missingLines: 2 },
  },
  {
    publisher: '1001',
    site: '5001',
    type: 'vulnerability',
    severity: 'high',
    category: 'Outdated library',
    key: 'demo:scan:5001:jquery',
    title: 'jQuery 1.8.3 on northwind-news.example has known vulnerabilities',
    occurredHoursAgo: [72, 48],
    detail: { cve: 'CVE-2020-11022', library: 'jquery@1.8.3' },
    ack: { hoursAgo: 30, note: 'Upgrade planned with the next theme release.' },
  },
  {
    publisher: '1001',
    site: '5001',
    type: 'certificate',
    severity: 'medium',
    category: 'TLS certificate',
    key: 'demo:cert:5001',
    title: 'The TLS certificate of northwind-news.example expires in 9 days',
    occurredHoursAgo: [200],
    detail: { url: 'https://northwind-news.example/' },
    ack: { hoursAgo: 190, note: 'Renewal ordered.' },
    resolved: { hoursAgo: 160, note: 'The certificate was renewed.' },
  },
  {
    publisher: '1003',
    site: '5201',
    type: 'vulnerability',
    severity: 'critical',
    category: 'Injection',
    key: 'demo:scan:5201:sqli',
    title: 'The comment form of living.evergreen-digital.example is open to SQL injection',
    occurredHoursAgo: [5],
    detail: { path: '/comments', cwe: 'CWE-89' },
  },
  {
    publisher: '1003',
    site: '5201',
    type: 'vulnerability',
    severity: 'medium',
    category: 'Security headers',
    key: 'demo:scan:5201:csp',
    title: 'No Content-Security-Policy header on living.evergreen-digital.example',
    occurredHoursAgo: [120, 96, 72, 48, 24],
    detail: { header: 'Content-Security-Policy' },
    ack: { hoursAgo: 20, note: 'Accepted risk until the redesign.' },
  },
  {
    publisher: '1003',
    site: '5202',
    type: 'downtime',
    severity: 'high',
    category: 'Uptime',
    key: 'demo:downtime:5202',
    title: 'travel.evergreen-digital.example was down: HTTP 502',
    occurredHoursAgo: [30],
    detail: { url: 'https://travel.evergreen-digital.example/', httpStatus: 502 },
    resolved: { hoursAgo: 29, note: 'The monitor is up again.' },
  },
];

/**
 * Demo incidents and one vulnerability-export entitlement (Evergreen Living). The incidents are
 * written directly rather than reported through the service: no notifications or webhooks, and each
 * occurrence, acknowledgement and resolution keeps its time in the past (the repo's writes stamp now()).
 */
export async function seedDemoIncidents(db: Db, now = Date.now()): Promise<void> {
  const multi = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAILS.multi).executeTakeFirst();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
  await db.transaction().execute(async (trx) => {
    for (const d of INCIDENTS) {
      const last = d.occurredHoursAgo[d.occurredHoursAgo.length - 1]!;
      const status = d.resolved ? 'resolved' : d.ack ? 'acknowledged' : 'open';
      const { id } = await trx
        .insertInto('incidents')
        .values({
          publisher_id: d.publisher,
          site_id: d.site,
          type: d.type,
          severity: d.severity,
          category: d.category,
          dedupe_key: d.key,
          title: d.title,
          status,
          is_new: status === 'open',
          occurrence_count: d.occurredHoursAgo.length,
          first_occurrence: at(d.occurredHoursAgo[0]!),
          last_occurrence: at(last),
          acknowledged_by: d.ack ? (multi?.id ?? null) : null,
          acknowledged_at: d.ack ? at(d.ack.hoursAgo) : null,
          acknowledged_note: d.ack?.note ?? null,
          resolved_by: d.resolved ? (multi?.id ?? null) : null,
          resolved_at: d.resolved ? at(d.resolved.hoursAgo) : null,
          resolved_note: d.resolved?.note ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const events = [
        ...d.occurredHoursAgo.map((h) => ({ kind: 'occurrence', h, note: null as string | null, actor: null as string | null })),
        ...(d.ack ? [{ kind: 'acknowledged', h: d.ack.hoursAgo, note: d.ack.note, actor: multi?.id ?? null }] : []),
        ...(d.resolved ? [{ kind: 'resolved', h: d.resolved.hoursAgo, note: d.resolved.note, actor: multi?.id ?? null }] : []),
      ];
      for (const e of events)
        await trx
          .insertInto('incident_events')
          .values({
            incident_id: id,
            kind: e.kind,
            at: at(e.h),
            actor_user_id: e.actor,
            note: e.note,
            detail: e.kind === 'occurrence' ? JSON.stringify(d.detail) : null,
          })
          .execute();
    }
    await incidentsRepo(trx).grantEntitlement('1003', '5201');
  });
}
