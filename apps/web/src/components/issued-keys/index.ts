export { IssuedKeysTable, NewKeyAlert, formatKeyTime, type IssuedKey, type IssuedKeyColumn } from './issued-keys';
