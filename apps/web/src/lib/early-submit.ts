// The pre-rendered sign-in pages are on screen before their scripts run. The
// server's gate script (apps/server/src/http/sign-in-gate.ts) holds back a form submitted in that
// time (a plain submit would put the password in the address) and keeps it in `pcEarlySubmit`,
// until the document is marked live: then the page's own handler submits it (usePlainForm).

/** React now handles the page's events: the gate lets submits through. */
export function markPageLive(): void {
  document.documentElement.setAttribute('data-pc-live', '');
}

/** True once, when `form` was submitted before the page was live. */
export function takeEarlySubmit(form: HTMLFormElement): boolean {
  const w = window as { pcEarlySubmit?: unknown };
  if (w.pcEarlySubmit !== form) return false;
  delete w.pcEarlySubmit;
  return true;
}
