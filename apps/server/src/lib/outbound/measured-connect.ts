import { performance } from 'node:perf_hooks';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { buildConnector } from 'undici';

/** Phases of one measured exchange, in milliseconds; null when the phase did not happen. */
export interface OutboundTimings {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  firstByteMs: number | null;
  totalMs: number;
}

export interface MeasuredConnection {
  connect: buildConnector.connector;
  /** Marks: performance.now() values set as the socket goes through its phases. */
  marks: { start?: number; lookup?: number; connect?: number; secure?: number };
  /** The server certificate's expiry (TLS only), read as soon as the handshake finished. */
  certValidTo: Date | null;
}

/**
 * Wraps a (guarded) connector so one request's socket reports when name resolution, TCP connect
 * and the TLS handshake finished, and which certificate the server showed. Used with a fresh
 * dispatcher per request, so every measured request opens its own connection, as an uptime
 * check against a real site must.
 */
export function measuredConnection(inner: buildConnector.connector): MeasuredConnection {
  const state: MeasuredConnection = { connect: () => undefined as never, marks: {}, certValidTo: null };
  state.connect = (opts, callback) => {
    state.marks.start ??= performance.now();
    const socket = inner(opts, (...args) => {
      const [err, sock] = args;
      if (!err && sock && typeof (sock as TLSSocket).getPeerCertificate === 'function') {
        const cert = (sock as TLSSocket).getPeerCertificate();
        const validTo = cert?.valid_to ? new Date(cert.valid_to) : null;
        state.certValidTo = validTo && !Number.isNaN(validTo.getTime()) ? validTo : null;
      }
      callback(...args);
    }) as unknown as Socket | undefined;
    socket?.once('lookup', () => (state.marks.lookup = performance.now()));
    socket?.once('connect', () => (state.marks.connect = performance.now()));
    socket?.once('secureConnect', () => (state.marks.secure = performance.now()));
    return socket as never;
  };
  return state;
}

const round = (v: number) => Math.max(0, Math.round(v * 10) / 10);

/** Turns the marks into phase durations; `headersAt`/`endAt` are performance.now() values. */
export function timingsOf(m: MeasuredConnection['marks'], startedAt: number, headersAt: number | null, endAt: number): OutboundTimings {
  const start = m.start ?? startedAt;
  const afterDns = m.lookup ?? start;
  const ready = m.secure ?? m.connect ?? null;
  return {
    dnsMs: m.lookup !== undefined ? round(m.lookup - start) : null,
    connectMs: m.connect !== undefined ? round(m.connect - afterDns) : null,
    tlsMs: m.secure !== undefined && m.connect !== undefined ? round(m.secure - m.connect) : null,
    firstByteMs: headersAt !== null && ready !== null ? round(headersAt - ready) : null,
    totalMs: round(endAt - startedAt),
  };
}
