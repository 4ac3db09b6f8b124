export {
  createIssuedKeyStore,
  hashSecret,
  issuedKeyDates,
  shownPrefix,
  type IssuedKey,
  type IssuedKeyDeps,
  type IssuedKeyKind,
  type IssuedKeyStore,
  type LiveKey,
} from './issued-key-store';
export type { IssuedKeyTable } from './issued-keys.repo';
