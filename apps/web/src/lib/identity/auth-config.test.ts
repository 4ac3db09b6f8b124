import { beforeEach, describe, expect, it } from 'vitest';
import { isAuthConfigComplete, syncAuthConfig } from './auth-config';
import { getIdentityClient, setIdentityClient } from './auth-instance';

describe('moc_auth_config', () => {
  beforeEach(() => localStorage.clear());

  it('the provided value wins over the stored one', () => {
    localStorage.setItem('moc_auth_config', JSON.stringify({ apiKey: 'old', authDomain: 'old.example' }));
    const c = syncAuthConfig({ apiKey: 'new', authDomain: 'old.example' });
    expect(c).toEqual({ apiKey: 'new', authDomain: 'old.example' });
    expect(JSON.parse(localStorage.getItem('moc_auth_config')!)).toEqual(c);
  });

  it('is incomplete without both values', () => {
    expect(isAuthConfigComplete(syncAuthConfig({ apiKey: 'k', authDomain: '' }))).toBe(false);
    expect(isAuthConfigComplete(syncAuthConfig({ apiKey: 'k', authDomain: 'd' }))).toBe(true);
  });

  it("helpers throw 'auth is not initialized' without a client", () => {
    setIdentityClient(null);
    expect(() => getIdentityClient()).toThrow('auth is not initialized');
  });
});
