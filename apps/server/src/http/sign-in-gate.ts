import { createHash } from 'node:crypto';

/**
 * The one inline script of the pre-rendered sign-in pages, run in <head> before
 * the first paint. When a session is stored (the web app's `pc_identity_session`, in local or
 * session storage), "keep me signed in" is off (`moc_auth_persistence`) or the address has a query
 * (`/login?token=`, `/forgot?code=`), the pre-rendered form is not what this visit will see: the
 * page shows the loader instead (the pages' inline style hides the form) until the sign-in entry
 * takes over, so a signed-in visitor goes on to the app without the form flashing up
 * (apps/web/src/app/bootstrap.tsx makes the same decision). Until the entry marks the page live, a
 * submit is held back (a plain submit would put the password in the address) and kept for the
 * form's own handler (apps/web/src/lib/early-submit.ts).
 */
export const SIGN_IN_GATE_SCRIPT =
  '(function(){var d=document.documentElement;' +
  "try{var k='pc_identity_session';if(location.search||localStorage.getItem(k)||sessionStorage.getItem(k)||" +
  "localStorage.getItem('moc_auth_persistence')==='false')d.setAttribute('data-pc-no-prerender','')}catch(e){}" +
  "document.addEventListener('submit',function(e){if(!d.hasAttribute('data-pc-live')){e.preventDefault();window.pcEarlySubmit=e.target}},true)})();";

/** The CSP source that allows exactly that script ('unsafe-inline' stays off). */
export const SIGN_IN_GATE_CSP_SOURCE = `'sha256-${createHash('sha256').update(SIGN_IN_GATE_SCRIPT).digest('base64')}'`;
