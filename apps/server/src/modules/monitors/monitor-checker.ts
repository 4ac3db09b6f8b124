import { performance } from 'node:perf_hooks';
import { statusAccepted, type CheckResult, type CheckTimings } from '@pc/contracts';
import type { GuardedFetch } from '../../lib/outbound/guarded-fetch';
import { OutboundNetworkError, networkErrorCode, plainOutboundFailure } from '../../lib/outbound/outbound-errors';

/** What one check needs to know about a monitor (a saved one or the form's "test now"). */
export interface CheckSpec {
  url: string;
  method: string;
  timeoutSeconds: number;
  acceptedStatusCodes: readonly string[];
  keyword: string | null;
  keywordMode: 'contains' | 'absent' | string;
  followRedirects: boolean;
  certExpiryDays: number;
}

export interface CheckOutcome extends CheckResult {
  /** The certificate expires within the monitor's warning window. */
  certWarning: boolean;
}

const MAX_REDIRECTS = 10;
/** Bodies larger than this are still read (a big page is up) but only this much is searched. */
const KEYWORD_WINDOW_BYTES = 1024 * 1024;
const MAX_BODY_BYTES = 20 * 1024 * 1024;
const DAY_MS = 86_400_000;

/** A TLS failure in words: an expired or untrusted certificate is the owner's to fix. */
function failureWords(err: unknown): string {
  if (err instanceof OutboundNetworkError) {
    const code = networkErrorCode(err.cause ?? err);
    if (code === 'CERT_HAS_EXPIRED') return 'the TLS certificate has expired';
    if (code.includes('CERT') || code.includes('SELF_SIGNED') || code.startsWith('UNABLE_TO'))
      return 'the TLS certificate is not trusted (self-signed, wrong host name or incomplete chain)';
  }
  return plainOutboundFailure(err);
}

/**
 * Runs one uptime check through the guarded client (so private targets are refused unless the
 * test allow-list names them), following redirects hop by hop when asked (every hop is checked
 * again). Never throws: every failure is a result with a reason.
 */
export async function runCheck(fetch: GuardedFetch, spec: CheckSpec, now: () => Date = () => new Date()): Promise<CheckOutcome> {
  const at = now();
  const started = performance.now();
  const deadline = started + spec.timeoutSeconds * 1000;
  let timings: CheckTimings = { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null, totalMs: 0 };
  let certValidTo: Date | null = null;
  let url = spec.url;
  const result = (ok: boolean, httpStatus: number | null, error: string | null, keywordFound: boolean | null): CheckOutcome => {
    const certWarning =
      certValidTo !== null && spec.certExpiryDays > 0 && certValidTo.getTime() - at.getTime() < spec.certExpiryDays * DAY_MS;
    return {
      at: at.toISOString(),
      ok,
      httpStatus,
      timings: { ...timings, totalMs: Math.round((performance.now() - started) * 10) / 10 },
      certExpiresAt: certValidTo?.toISOString() ?? null,
      keywordFound,
      error,
      finalUrl: url,
      certWarning,
    };
  };

  try {
    for (let hop = 0; ; hop++) {
      const remaining = Math.max(1, Math.round(deadline - performance.now()));
      let window = '';
      const res = await fetch(url, {
        method: spec.method,
        timeoutMs: remaining,
        maxBodyBytes: MAX_BODY_BYTES,
        measure: true,
        headers: { accept: 'text/html,application/json;q=0.9,*/*;q=0.8' },
        onChunk: (chunk) => {
          if (spec.keyword && window.length < KEYWORD_WINDOW_BYTES) window += chunk.toString('utf8');
        },
      });
      if (res.timings) timings = res.timings;
      // The monitored host's certificate is the one that matters (the first TLS hop).
      if (certValidTo === null && res.certValidTo) certValidTo = res.certValidTo;
      const location = res.headers['location'];
      if (spec.followRedirects && res.status >= 300 && res.status < 400 && location) {
        if (hop >= MAX_REDIRECTS) return result(false, res.status, `more than ${MAX_REDIRECTS} redirects`, null);
        url = new URL(location, url).href;
        continue;
      }
      if (!statusAccepted(res.status, spec.acceptedStatusCodes)) {
        return result(false, res.status, `status ${res.status} is not an accepted status`, null);
      }
      if (spec.keyword) {
        const found = window.includes(spec.keyword);
        if (spec.keywordMode === 'absent' && found) return result(false, res.status, `the page contains "${spec.keyword}"`, found);
        if (spec.keywordMode !== 'absent' && !found) return result(false, res.status, `the page does not contain "${spec.keyword}"`, found);
        return result(true, res.status, null, found);
      }
      return result(true, res.status, null, null);
    }
  } catch (err) {
    return result(false, null, failureWords(err), null);
  }
}
