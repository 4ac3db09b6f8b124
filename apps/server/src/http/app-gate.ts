import { createHash } from 'node:crypto';
import { Routes } from '@pc/contracts';

/**
 * The inline script first in the app's page when it is served for a signed-in user's address
 * (static-web.ts decides which those are), run before the first paint. With no stored session
 * (the web app's `pc_identity_session`, in local or session storage) the visitor is signed out:
 * the app would load its scripts, show its loader and only then send them to /login. The gate
 * sends them at once, so the first page they see is the pre-rendered sign-in form. It remembers
 * the page first, as the web app's auth store does on an unintended sign-out
 * (apps/web/src/lib/identity/auth-store.ts: `redirect_path`, not after a deliberate logout), and
 * hides the document and marks it leaving so neither the loader nor the app's start-up
 * (apps/web/src/app/bootstrap.tsx) runs in the moment before /login loads. A stored session that
 * turns out expired still goes the app's way (it may refresh).
 */
export const APP_GATE_SCRIPT =
  "(function(){try{var k='pc_identity_session';if(localStorage.getItem(k)||sessionStorage.getItem(k))return;" +
  "if(localStorage.getItem('user_logout')!=='true')localStorage.setItem('redirect_path',location.pathname+location.search);" +
  "var d=document.documentElement;d.setAttribute('data-pc-leaving','');d.style.display='none';" +
  `location.replace(${JSON.stringify(Routes.login)})}catch(e){}})();`;

/** The CSP source that allows exactly that script ('unsafe-inline' stays off). */
export const APP_GATE_CSP_SOURCE = `'sha256-${createHash('sha256').update(APP_GATE_SCRIPT).digest('base64')}'`;
