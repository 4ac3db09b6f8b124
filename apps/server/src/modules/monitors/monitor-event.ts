/** A state change of one monitor: down (after its retries), up again, certificate inside its warning window. */
export interface MonitorEvent {
  change: 'down' | 'up' | 'certificate';
  monitorId: string;
  publisherId: string;
  siteId: string | null;
  name: string;
  url: string;
  /** When the check that changed the state ran (ISO). */
  at: string;
  reason: string | null;
  httpStatus: number | null;
  certExpiresAt: string | null;
  incidentId: string | null;
}
