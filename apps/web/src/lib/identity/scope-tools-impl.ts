// Loaded lazily through scope-tools.ts; see there.
export { parseScope, scopeAllows, trackingScope } from '@pc/contracts';
