/** Saves a body fetched through the API client (bearer + Publisher-Scope) as a file. */
export function downloadBlob(fileName: string, body: Blob | string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(typeof body === 'string' ? new Blob([body], { type }) : body);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
