import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clickHouseReads, paramText } from './clickhouse-reads';

/* The report reads' own HTTP path, seen on the wire by a loopback server standing in for ClickHouse. */
interface Seen {
  url: URL;
  auth: string | undefined;
  body: string;
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function fakeClickHouse(answer: (seen: Seen, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const s = { url: new URL(req.url ?? '/', 'http://127.0.0.1'), auth: req.headers.authorization, body };
      seen.push(s);
      answer(s, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port: (server.address() as AddressInfo).port, seen };
}

describe('clickHouseReads', () => {
  it('writes parameters as @clickhouse/client does: TabSeparated escapes, numbers as is, arrays of quoted strings', () => {
    expect(paramText("O'Brien\tand\\co\nnew")).toBe("O\\'Brien\\tand\\\\co\\nnew");
    expect(paramText(42.5)).toBe('42.5');
    expect(paramText(['a', "b'c"])).toBe("['a','b\\'c']");
    expect(paramText([])).toBe('[]');
  });

  it('posts the statement with its format to the server root, with the settings, the database and the credentials of the URL', async () => {
    const server = await fakeClickHouse((_, res) => res.end('{"meta":[],"data":[]}'));
    const reads = clickHouseReads(`http://reader:p%40ss@127.0.0.1:${server.port}/reports`, { send_progress_in_http_headers: 1 }, 5_000);
    try {
      await reads.read('SELECT {pub:String} AS p;', { pub: 'P1', ids: ['s1', 's2'] }, 'JSONCompact');
    } finally {
      await reads.close();
    }
    const [seen] = server.seen;
    expect(seen?.url.pathname).toBe('/');
    expect(seen?.url.searchParams.get('database')).toBe('reports');
    expect(seen?.url.searchParams.get('send_progress_in_http_headers')).toBe('1');
    expect(seen?.url.searchParams.get('param_pub')).toBe('P1');
    expect(seen?.url.searchParams.get('param_ids')).toBe("['s1','s2']");
    expect(seen?.auth).toBe(`Basic ${Buffer.from('reader:p@ss').toString('base64')}`);
    expect(seen?.body).toBe('SELECT {pub:String} AS p\nFORMAT JSONCompact');
  });

  it("fails with ClickHouse's own message when the server refuses the statement", async () => {
    const server = await fakeClickHouse((_, res) => {
      res.writeHead(404, { 'X-ClickHouse-Exception-Code': '60' });
      res.end('Code: 60. DB::Exception: Unknown table expression identifier nope\n');
    });
    const reads = clickHouseReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
    try {
      await expect(reads.read('SELECT * FROM nope', {}, 'JSONCompact')).rejects.toThrow(/Code: 60\. DB::Exception: Unknown table/);
    } finally {
      await reads.close();
    }
  });

  it('sends a read again when the server had closed the reused connection before it arrived', async () => {
    let calls = 0;
    const server = await fakeClickHouse((_, res) => {
      calls += 1;
      // The first answer closes the connection without a response, as a server past its keep-alive timeout does.
      if (calls === 1) res.socket?.destroy();
      else res.end('{"meta":[{"name":"n"}],"data":[[1]]}');
    });
    const reads = clickHouseReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
    try {
      expect(await reads.read('SELECT 1 AS n', {}, 'JSONCompact')).toBe('{"meta":[{"name":"n"}],"data":[[1]]}');
    } finally {
      await reads.close();
    }
    expect(calls).toBe(2);
  });
});
