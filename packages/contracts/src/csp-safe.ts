import { config } from 'zod';

/**
 * For the browser: zod compiles fast parsers with `new Function` after probing whether eval is
 * allowed, and under our CSP (no 'unsafe-eval') that caught probe is still reported as a
 * securitypolicyviolation. jitless skips the probe and the compiled parsers (issue 12 item 5).
 * Import before any schema is created: the web entry imports it first.
 */
config({ jitless: true });
