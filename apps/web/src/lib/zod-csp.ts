/**
 * zod 4 decides whether to compile fast object parsers by probing `new Function("")` the first time
 * an object schema parses. Our CSP has no 'unsafe-eval', so that probe is blocked and, although zod
 * catches the error, the browser still files a CSP violation report on every page load. zod's
 * jitless mode (`z.config({ jitless: true })`) skips the probe and the compiled parsers.
 *
 * Set through the object zod keeps its configuration in (`globalThis.__zod_globalConfig`, shared by
 * every copy of zod and read, not replaced, when zod loads) rather than by importing zod: zod lives
 * in the lazily loaded validation chunk, and importing it here would put it on the sign-in page's
 * critical path. zod-csp.test.ts holds zod to this. main.tsx imports this module first, so it runs
 * before any schema parses. Not in @pc/contracts: the server keeps the compiled parsers.
 */
const g = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
