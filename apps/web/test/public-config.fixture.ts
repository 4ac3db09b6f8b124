import type { PublicConfig } from '@pc/contracts';
import { DEFAULT_PUBLIC_CONFIG } from '../src/lib/default-public-config';

/** The configuration component tests read through useConfig(): a default local server's (GET /api/config). */
export const TEST_PUBLIC_CONFIG: PublicConfig = DEFAULT_PUBLIC_CONFIG;
