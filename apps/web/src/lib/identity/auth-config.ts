import { StorageKeys, readJson, writeJson } from '../storage';

export interface AuthConfig {
  apiKey: string;
  authDomain: string;
}

/**
 * docs/product.md#states, auth configuration sync: a provided apiKey/authDomain that differs from the
 * stored one wins. Returns the effective configuration (possibly incomplete).
 */
export function syncAuthConfig(provided: Partial<AuthConfig> | null | undefined, store: Storage = localStorage): Partial<AuthConfig> {
  const stored = readJson<Partial<AuthConfig>>(StorageKeys.authConfig, {}, store) ?? {};
  const next: Partial<AuthConfig> = { ...stored };
  if (provided?.apiKey && provided.apiKey !== stored.apiKey) next.apiKey = provided.apiKey;
  if (provided?.authDomain && provided.authDomain !== stored.authDomain) next.authDomain = provided.authDomain;
  if (next.apiKey !== stored.apiKey || next.authDomain !== stored.authDomain) writeJson(StorageKeys.authConfig, next, store);
  return next;
}

/** Both values must be present before auth-dependent content renders (docs/product.md#entities). */
export function isAuthConfigComplete(config: Partial<AuthConfig>): config is AuthConfig {
  return typeof config.apiKey === 'string' && config.apiKey !== '' && typeof config.authDomain === 'string' && config.authDomain !== '';
}
