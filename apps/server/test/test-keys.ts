import { randomBytes } from 'node:crypto';

/**
 * The key ring the tests' servers encrypt secrets at rest with (PAYMENT_DETAILS_KEYS): random for
 * each test process, so no key is written in the source. The template database holds no sealed
 * values (its webhook secrets are sealed by each app's start), so nothing needs the same key twice.
 */
export const TEST_PAYMENT_DETAILS_KEYS = `test:${randomBytes(32).toString('base64')}`;
