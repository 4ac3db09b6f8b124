// A small sample of what an outside integration calls, typed only by what openapi-typescript
// generates from the OpenAPI document (`./schema`, written next to a copy of this file by
// openapi.test.ts, which compiles it with tsc): if the document stops describing these calls, or
// their answers lose the fields used here, the test fails. Nothing here imports the contracts.
import createClient from 'openapi-fetch';
import type { paths } from './schema';
import type { Cell, SampleOptions, SampleResult } from './client-sample-types';

const DAY_MS = 86_400_000;

/** Signs in, then reads the home summary, runs a report, lists open incidents and downloads the report as CSV. */
export async function sampleCalls(o: SampleOptions): Promise<SampleResult> {
  const transport = o.fetch ? { fetch: o.fetch } : {};
  const anonymous = createClient<paths>({ baseUrl: o.baseUrl, ...transport });
  const signIn = await anonymous.POST('/api/identity/sign-in', { body: { email: o.email, password: o.password } });
  if (!signIn.data) throw new Error(`sign-in refused: ${signIn.error?.message}`);
  const idToken: string = signIn.data.idToken;

  const api = createClient<paths>({
    baseUrl: o.baseUrl,
    headers: { authorization: `Bearer ${idToken}`, 'publisher-scope': o.publisherId },
    ...transport,
  });

  const home = await api.GET('/api/partner-center/home-summary');
  if (!home.data) throw new Error(`home summary: ${home.error?.message}`);
  const revenueYesterday: number = home.data.yesterday.revenue;

  const query = {
    reportType: 'revenue',
    publisherId: o.publisherId,
    dateFrom: o.reportDay - 6 * DAY_MS,
    dateTo: o.reportDay,
    interval: 'Day',
    dimensions: 'sites',
    metrics: 'impressions,revenue',
  } as const;
  const report = await api.GET('/api/partner-center/report', { params: { query } });
  if (!report.data) throw new Error(`report: ${report.error?.message}`);
  // A report too large to answer at once is queued (an e-mail or a file later); this one is small.
  if (!('columns' in report.data)) throw new Error(`report queued: ${report.data.reportId}`);
  const reportColumns: string[] = report.data.columns.map((c) => c.key);
  const reportRows: Record<string, Cell>[] = report.data.rows;

  const incidents = await api.GET('/api/incidents', { params: { query: { status: 'open' } } });
  if (!incidents.data) throw new Error(`incidents: ${incidents.error?.message}`);
  const openIncidents = incidents.data.map(({ id, title, severity }) => ({ id, title, severity }));

  const file = await api.GET('/api/partner-center/report/download', {
    params: { query: { ...query, format: 'csv' } },
    parseAs: 'text',
  });
  if (file.data === undefined) throw new Error(`report download: ${file.error?.message}`);
  const csv: string = file.data;

  return { idToken, revenueYesterday, reportColumns, reportRows, openIncidents, csv };
}
