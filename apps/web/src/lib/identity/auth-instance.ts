import type { IdentityClient } from './identity-client';

let instance: IdentityClient | null = null;

export function setIdentityClient(client: IdentityClient | null): void {
  instance = client;
}

/** Spec error catalogue: helpers throw this when the identity provider is not set up. */
export function getIdentityClient(): IdentityClient {
  if (!instance) throw new Error('auth is not initialized');
  return instance;
}

export function hasIdentityClient(): boolean {
  return instance !== null;
}
