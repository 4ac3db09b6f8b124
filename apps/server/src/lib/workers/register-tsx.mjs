// The server runs TypeScript through tsx; a worker thread does not always inherit that loader (e.g.
// under the test runner), so each worker entry imports this first. One module instance per thread,
// so the loader is registered once however many worker files the thread runs.
import { register } from 'tsx/esm/api';

register();
