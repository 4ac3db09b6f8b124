export { IssuedKeysTable, NewKeyAlert, formatKeyTime, type IssuedKey, type IssuedKeyColumn } from './issued-keys';
export { useIssuedKeyActions } from './use-issued-key-actions';
