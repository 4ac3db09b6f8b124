/** What client-sample.ts takes and answers: plain types, so a test can name them without the generated `./schema`. */
export type Severity = 'low' | 'medium' | 'high' | 'critical';
export type Cell = string | number | boolean | null;

export interface SampleOptions {
  baseUrl: string;
  email: string;
  password: string;
  publisherId: string;
  /** A time on the report's last day (epoch milliseconds); it covers the week up to it. */
  reportDay: number;
  /** A fetch of the caller's (a test's, without a network); the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

export interface SampleResult {
  idToken: string;
  revenueYesterday: number;
  reportColumns: string[];
  reportRows: Record<string, Cell>[];
  openIncidents: { id: string; title: string; severity: Severity }[];
  csv: string;
}
