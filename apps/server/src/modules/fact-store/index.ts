// The fact store has no area of its own (no routes, workers or services): the platform registers
// this process's embedded store before any area is set up (platform/report-store.ts), and backups
// keep its id file. What they use is here, like any area's public surface.
export { FactStoreConflictError, registerEmbeddedFactStore, STORE_ID_FILE } from './fact-store-registration';
