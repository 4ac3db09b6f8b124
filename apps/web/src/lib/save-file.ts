/**
 * Saves a body fetched through the shared API client (bearer token and Publisher-Scope) as a file:
 * a plain link to the endpoint would not carry the token. One helper for every download of the app.
 */
export function saveFile(fileName: string, body: Blob | string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(typeof body === 'string' ? new Blob([body], { type }) : body);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name without characters browsers or file systems refuse. */
export const safeFileName = (name: string) => name.replace(/[^a-zA-Z0-9._-]/g, '_');
