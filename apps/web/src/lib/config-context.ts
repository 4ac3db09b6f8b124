import { createContext, useContext } from 'react';
import type { PublicConfig } from '@pc/contracts';

export const ConfigContext = createContext<PublicConfig | null>(null);

/** The server's public configuration (GET /api/config), loaded before the app renders. */
export function useConfig(): PublicConfig {
  const c = useContext(ConfigContext);
  if (!c) throw new Error('useConfig outside ConfigContext');
  return c;
}
