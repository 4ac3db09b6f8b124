import { describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { TOKEN_ALG } from './signing-keys';
import { TOKEN_AUDIENCE, createIdTokenIssuer } from './id-tokens';

const ISSUER = 'https://issuer.test';

async function setup() {
  const { publicKey, privateKey } = await generateKeyPair(TOKEN_ALG, { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: TOKEN_ALG };
  const issuer = createIdTokenIssuer({ kid: 'k1', privateKey, jwks: { keys: [jwk] } }, ISSUER, 3600);
  const signAt = (iat: number) =>
    new SignJWT({ email: 'a@example.com', name: 'A', scope: { PublisherID: 'p1', AdminAccess: false }, auth_time: iat })
      .setProtectedHeader({ alg: TOKEN_ALG, kid: 'k1', typ: 'JWT' })
      .setSubject('u1')
      .setIssuer(ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 7200)
      .sign(privateKey);
  return { issuer, signAt };
}

describe('ID token iat check', () => {
  it('refuses a token issued an hour in the future', async () => {
    const { issuer, signAt } = await setup();
    const token = await signAt(Math.floor(Date.now() / 1000) + 3600);
    await expect(issuer.verify(token)).rejects.toThrow(/future/);
  });

  it('accepts a token issued now', async () => {
    const { issuer } = await setup();
    const { token } = await issuer.sign({
      uid: 'u1',
      email: 'a@example.com',
      name: 'A',
      scope: { PublisherID: 'p1', AdminAccess: false },
      authTime: 1,
      sessionVersion: 0,
    });
    await expect(issuer.verify(token)).resolves.toMatchObject({ sub: 'u1' });
  });
});
