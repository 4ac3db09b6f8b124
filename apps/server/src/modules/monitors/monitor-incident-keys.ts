/** The incidents a monitor raises, by dedupe key: one for being down, one for its TLS certificate. */
export const downKey = (monitorId: string) => `monitor:${monitorId}:down`;
export const certKey = (monitorId: string) => `monitor:${monitorId}:cert`;
/** Every key of one monitor starts with this. */
export const monitorKeyPrefix = (monitorId: string) => `monitor:${monitorId}:`;

/** What names a monitor's incidents when it belongs to no site: its host. */
export function incidentSubject(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}
