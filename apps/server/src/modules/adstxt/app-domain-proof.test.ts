import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdsTxtCrawlerPort } from './adstxt-crawler-port';
import { checkProof, systemTxtResolver } from './app-domain-proof';

const TOKEN = '0123456789abcdef0123456789abcdef';
// A DNS server on loopback answering TXT queries from this table (one record per entry).
const zone: Record<string, string[]> = {
  'apps.proven.example': ['v=spf1 -all', `partners-center-verification=${TOKEN}`],
  'apps.other.example': ['partners-center-verification=someone-else'],
};

function answer(query: Buffer): Buffer {
  let at = 12;
  const labels: string[] = [];
  while (query[at]! > 0) {
    labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
    at += query[at]! + 1;
  }
  const question = query.subarray(12, at + 5);
  const records = zone[labels.join('.').toLowerCase()] ?? [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(records.length ? 0x8180 : 0x8183, 2); // NOERROR or NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((text) => {
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the question's name
    rr.writeUInt16BE(16, 2); // TXT
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(text.length + 1, 10);
    return Buffer.concat([rr, Buffer.from([text.length]), Buffer.from(text, 'ascii')]);
  });
  return Buffer.concat([header, question, ...answers]);
}

let server: Socket;
let address: string;
beforeAll(async () => {
  server = createSocket('udp4');
  server.on('message', (msg, from) => server.send(answer(msg), from.port, from.address));
  await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const notFound: AdsTxtCrawlerPort = {
  async crawl() {
    return { status: 'not_found', httpStatus: 404, redirectChain: [], fetchedAt: new Date() };
  },
  async verifyRedirection() {
    return { status: 'verified' };
  },
};

describe('domain proof', () => {
  it('finds the token in a DNS TXT record through node:dns (a loopback name server)', async () => {
    const resolveTxt = systemTxtResolver([address]);
    const [file, dns] = await checkProof({ crawler: notFound, resolveTxt }, 'apps.proven.example', TOKEN);
    expect(file).toMatchObject({ method: 'hosted_file', ok: false });
    expect(dns).toEqual({
      method: 'dns_txt',
      ok: true,
      detail: `The TXT record partners-center-verification=${TOKEN} was found on apps.proven.example.`,
    });
    // Another claim's token, or no record at all, proves nothing (and throws nothing).
    expect((await checkProof({ crawler: notFound, resolveTxt }, 'apps.other.example', TOKEN))[1]!.ok).toBe(false);
    expect((await checkProof({ crawler: notFound, resolveTxt }, 'apps.none.example', TOKEN))[1]).toMatchObject({
      ok: false,
      detail: 'apps.none.example has no TXT records.',
    });
  });

  it('does not count a kept earlier copy of the file as proof', async () => {
    const kept: AdsTxtCrawlerPort = {
      ...notFound,
      async crawl() {
        return {
          status: 'error',
          errorReason: 'Timed out',
          usedPrevious: true,
          body: `# partners-center-verification=${TOKEN}`,
          redirectChain: [],
          fetchedAt: new Date(),
        };
      },
    };
    const resolveTxt = async () => [] as string[][];
    const [file] = await checkProof({ crawler: kept, resolveTxt }, 'apps.proven.example', TOKEN);
    expect(file).toEqual({
      method: 'hosted_file',
      ok: false,
      detail: '/app-ads.txt could not be read (Timed out); /ads.txt could not be read (Timed out).',
    });
  });
});
