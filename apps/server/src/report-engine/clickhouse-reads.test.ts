import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clickHouseReads, paramText, READ_CONNECTIONS, type ClickHouseReads } from './clickhouse-reads';

/* The report reads' own HTTP path, seen on the wire by a loopback server standing in for ClickHouse. */
interface Seen {
  url: URL;
  auth: string | undefined;
  body: string;
}

let close: (() => Promise<void>) | null = null;
const opened: ClickHouseReads[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((reads) => reads.close()));
  await close?.();
  close = null;
});

/** clickHouseReads, closed after the test. */
function openReads(...args: Parameters<typeof clickHouseReads>): ClickHouseReads {
  const reads = clickHouseReads(...args);
  opened.push(reads);
  return reads;
}

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
    const reads = openReads(`http://reader:p%40ss@127.0.0.1:${server.port}/reports`, { send_progress_in_http_headers: 1 }, 5_000);
    await reads.read('SELECT {pub:String} AS p;', { pub: 'P1', ids: ['s1', 's2'] }, 'JSONCompact');
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
    const reads = openReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
    await expect(reads.read('SELECT * FROM nope', {}, 'JSONCompact')).rejects.toThrow(/Code: 60\. DB::Exception: Unknown table/);
  });

  it('opens at most READ_CONNECTIONS connections: more reads wait their turn, and all are answered', async () => {
    const sockets = new Set<unknown>();
    let most = 0;
    const server = await fakeClickHouse((_, res) => {
      sockets.add(res.socket);
      most = Math.max(most, sockets.size);
      setTimeout(() => res.end('{"meta":[{"name":"n"}],"data":[[1]]}'), 50);
    });
    const reads = openReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
    const answers = await Promise.all(Array.from({ length: READ_CONNECTIONS * 3 }, () => reads.read('SELECT 1 AS n', {}, 'JSONCompact')));
    expect(answers).toHaveLength(READ_CONNECTIONS * 3);
    expect(most).toBe(READ_CONNECTIONS);
  });

  it('sends a read again when the server had closed the reused connection before it arrived', async () => {
    let calls = 0;
    const server = await fakeClickHouse((_, res) => {
      calls += 1;
      // The first answer closes the connection without a response, as a server past its keep-alive timeout does.
      if (calls === 1) res.socket?.destroy();
      else res.end('{"meta":[{"name":"n"}],"data":[[1]]}');
    });
    const reads = openReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
    expect(await reads.read('SELECT 1 AS n', {}, 'JSONCompact')).toBe('{"meta":[{"name":"n"}],"data":[[1]]}');
    expect(calls).toBe(2);
  });

  describe('streamArrays', () => {
    /** Every row the stream yields, and how many blocks they came in. */
    async function collect(stream: AsyncIterable<unknown[][]>) {
      const rows: unknown[][] = [];
      let blocks = 0;
      for await (const block of stream) {
        blocks += 1;
        rows.push(...block);
      }
      return { rows, blocks };
    }

    it('reads JSONCompactEachRow rows whole when lines and multi-byte characters are cut between chunks', async () => {
      const lines = ['["2024-05-01","Ünïcode—site",12,1.5]', '["2024-05-02","b, \\"quoted\\"",null,0]', '["2024-05-03","c",3,2.25]'];
      const bytes = Buffer.from(lines.join('\n') + '\n');
      // Cut inside the first line's "Ü" (two bytes in UTF-8) and inside the second line.
      const cuts = [bytes.indexOf(Buffer.from('Ü')) + 1, bytes.indexOf(Buffer.from('quoted'))];
      const server = await fakeClickHouse((_, res) => {
        res.writeHead(200);
        res.write(bytes.subarray(0, cuts[0]));
        setTimeout(() => {
          res.write(bytes.subarray(cuts[0], cuts[1]));
          setTimeout(() => res.end(bytes.subarray(cuts[1])), 20);
        }, 20);
      });
      const reads = openReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
      const { rows } = await collect(reads.streamArrays('SELECT * FROM t WHERE p = {p:String}', { p: 'P1' }));
      expect(rows).toEqual([
        ['2024-05-01', 'Ünïcode—site', 12, 1.5],
        ['2024-05-02', 'b, "quoted"', null, 0],
        ['2024-05-03', 'c', 3, 2.25],
      ]);
      expect(server.seen[0]?.body).toBe('SELECT * FROM t WHERE p = {p:String}\nFORMAT JSONCompactEachRow');
      expect(server.seen[0]?.url.searchParams.get('param_p')).toBe('P1');
    });

    it("fails with ClickHouse's message when the statement fails after its first rows", async () => {
      const server = await fakeClickHouse((_, res) => {
        res.writeHead(200);
        res.end('["a",1]\n["b",2]\nCode: 241. DB::Exception: Memory limit (total) exceeded: would use 9.31 GiB. (MEMORY_LIMIT_EXCEEDED)\n');
      });
      const reads = openReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
      const rows: unknown[][] = [];
      await expect(
        (async () => {
          for await (const block of reads.streamArrays('SELECT 1', {})) rows.push(...block);
        })(),
      ).rejects.toThrow(/^Code: 241\. DB::Exception: Memory limit \(total\) exceeded/);
      expect(rows).toEqual([
        ['a', 1],
        ['b', 2],
      ]);
    });

    it('reads the message out of the exception block a server from 25.11 frames with its tag, split over chunks', async () => {
      const tag = 'x8Kq2';
      const message = 'Code: 395. DB::Exception: Value passed to throwIf function is non-zero. (FUNCTION_THROW_IF_VALUE_IS_NON_ZERO)';
      const block = `__exception__\r\n${tag}\r\n${message}\n${message.length + 1} ${tag}\r\n__exception__\r\n`;
      const server = await fakeClickHouse((_, res) => {
        res.writeHead(200, { 'X-ClickHouse-Exception-Tag': tag });
        res.write(`["a",1]\n${block.slice(0, 30)}`);
        setTimeout(() => res.end(block.slice(30)), 20);
      });
      const reads = openReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
      const failure = await collect(reads.streamArrays('SELECT 1', {})).catch((error: unknown) => error as Error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe(message);
    });

    it("fails with ClickHouse's own message when the server refuses the statement", async () => {
      const server = await fakeClickHouse((_, res) => {
        res.writeHead(400, { 'X-ClickHouse-Exception-Code': '62' });
        res.end('Code: 62. DB::Exception: Syntax error: failed at position 1\n');
      });
      const reads = openReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
      await expect(collect(reads.streamArrays('SELEC 1', {}))).rejects.toThrow(/^Code: 62\. DB::Exception: Syntax error/);
    });

    it('aborts the request when the consumer stops early, instead of reading the rest', async () => {
      let closedAfter = -1;
      let written = 0;
      const server = await fakeClickHouse((_, res) => {
        res.writeHead(200);
        const line = `${JSON.stringify(['x'.repeat(200), 1])}\n`.repeat(100);
        // Writes until the client goes away (at most 2,000 blocks: the test fails rather than hangs).
        const timer = setInterval(() => {
          if (written >= 2_000) return res.end();
          res.write(line);
          written += 1;
        }, 1);
        res.on('close', () => {
          clearInterval(timer);
          closedAfter = written;
        });
      });
      const reads = openReads(`http://127.0.0.1:${server.port}`, {}, 5_000);
      for await (const block of reads.streamArrays('SELECT 1', {})) {
        expect(block.length).toBeGreaterThan(0);
        break;
      }
      await vi.waitFor(() => expect(closedAfter).toBeGreaterThanOrEqual(0));
      expect(closedAfter).toBeLessThan(2_000);
    });
  });
});
