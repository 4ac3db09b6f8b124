/**
 * The identity endpoints' methods and paths, apart from their schemas (identity.endpoints.ts builds
 * its entries on these). The web's identity client runs in both first bundles, which carry no zod:
 * it takes its paths from here and its types from the entries, as types only.
 */
export const identityPaths = {
  jwks: { method: 'GET', path: '/api/identity/jwks' },
  signIn: { method: 'POST', path: '/api/identity/sign-in' },
  refresh: { method: 'POST', path: '/api/identity/token' },
  signOut: { method: 'DELETE', path: '/api/identity/token' },
  requestPasswordReset: { method: 'POST', path: '/api/identity/password-reset' },
  verifyPasswordReset: { method: 'POST', path: '/api/identity/password-reset/verify' },
  confirmPasswordReset: { method: 'POST', path: '/api/identity/password-reset/confirm' },
  reauthenticate: { method: 'POST', path: '/api/identity/reauthenticate' },
  updatePassword: { method: 'PUT', path: '/api/identity/password' },
  signOutEverywhere: { method: 'POST', path: '/api/identity/sign-out-everywhere' },
  mintCustomToken: { method: 'POST', path: '/api/identity/custom-token' },
  signInWithToken: { method: 'POST', path: '/api/identity/sign-in-with-token' },
} as const;
