import { E2E_PORT, startAppServer, type AppServer } from './app-server';

export type ExtraServer = AppServer;

/**
 * A second demo server with its own settings (e.g. third-party ids), for the few journeys whose
 * configuration must differ from the worker's own server. Port: E2E_PORT + 200 + the worker's
 * parallel index (E2E_PORT + N is worker N's server, E2E_PORT + 100 where a developer runs their own).
 */
export function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const parallelIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return startAppServer(E2E_PORT + 200 + parallelIndex, { LOG_LEVEL: 'warn', DATABASE_URL: '', ...env });
}
