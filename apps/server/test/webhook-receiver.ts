import type { IncomingMessage } from 'node:http';
import { startLocalTestServer, type LocalTestServer } from './local-test-server';

/** One request the receiver got. */
export interface ReceivedRequest {
  headers: IncomingMessage['headers'];
  body: string;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port><path> */
  url(path: string): string;
  /** Every request so far, in order. */
  readonly received: ReceivedRequest[];
  /** Status codes to answer with, in order; 200 once they run out. */
  answerWith(codes: number[]): void;
  /** Forgets what was received and the codes still to answer. */
  reset(): void;
  close(): Promise<void>;
}

/** A local receiver of outgoing webhooks for the tests: keeps each request and answers as scripted. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let codes: number[] = [];
  const server: LocalTestServer = await startLocalTestServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = codes.shift() ?? 200;
      res.end('ok');
    });
  });
  return {
    url: (path) => server.url('127.0.0.1', path),
    received,
    answerWith: (next) => void (codes = [...next]),
    reset: () => {
      received.length = 0;
      codes = [];
    },
    close: () => server.close(),
  };
}
