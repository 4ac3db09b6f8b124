import type { UserScope } from '@pc/contracts';
import type * as ScopeToolsModule from './scope-tools-impl';

export type ScopeParser = (claim: unknown) => UserScope | null;

// A type-only import: the module itself still loads lazily through import() below.
type ScopeTools = typeof ScopeToolsModule;
let tools: Promise<ScopeTools> | null = null;

/**
 * The contracts' scope helpers are zod-backed; they load as their own chunk (in parallel with the
 * first token check) so the sign-in page does not carry zod before it is needed.
 */
export function loadScopeTools(): Promise<ScopeTools> {
  tools ??= import('./scope-tools-impl');
  return tools;
}
