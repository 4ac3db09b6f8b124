import Fastify from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_GATE_SCRIPT } from './app-gate';
import { registerStaticWeb } from './static-web';

// A dist with the app's page and the sign-in entry's, as `npm run build` writes them (no pre-rendered pages).
const dist = mkdtempSync(path.join(os.tmpdir(), 'pc-dist-'));
const app = Fastify();
beforeAll(async () => {
  writeFileSync(path.join(dist, 'index.html'), '<html><head><title>app</title></head><body></body></html>');
  writeFileSync(path.join(dist, 'sign-in.html'), '<html><head><title>sign-in</title></head><body></body></html>');
  await registerStaticWeb(app, dist, { productName: 'Partners Center' });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string) => (await app.inject({ method: 'GET', url })).body;

describe('the app gate in the pages served', () => {
  it("starts a signed-in user's page, before anything else in <head>", async () => {
    for (const url of ['/', '/payments', '/reports/', '/no-such-page?x=1'])
      expect(await page(url), url).toMatch(
        new RegExp(`^<html><head>\\n\\s*<script>${APP_GATE_SCRIPT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script><title>app</title>`),
      );
  });

  it('is not on the pages a signed-out visitor may see: the sign-in entry and the 500 page', async () => {
    for (const url of ['/login', '/forgot/', '/accept-invitation?token=x']) {
      const html = await page(url);
      expect(html, url).toContain('<title>sign-in</title>');
      expect(html, url).not.toContain(APP_GATE_SCRIPT);
    }
    const error = await page('/500');
    expect(error).toContain('<title>app</title>');
    expect(error).not.toContain(APP_GATE_SCRIPT);
  });
});
