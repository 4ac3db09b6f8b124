/** A non-OK API answer (spec error catalogue): message from JSON message/name, optional fields. */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The server's error name (e.g. 'RequiresRecentLogin'), when it sent one. */
  readonly code: string | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, status: number, code?: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** Builds the error from a failed response: JSON {message|name, fields} first, else the plain text. */
export async function errorFromResponse(res: Response): Promise<ApiRequestError> {
  const text = await res.text().catch(() => '');
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const { message, name, fields } = body as { message?: unknown; name?: unknown; fields?: unknown };
      const msg = typeof message === 'string' && message ? message : typeof name === 'string' ? name : undefined;
      if (msg !== undefined) {
        const f = fields && typeof fields === 'object' ? (fields as Record<string, string>) : undefined;
        return new ApiRequestError(msg, res.status, typeof name === 'string' ? name : undefined, f);
      }
    }
  } catch {
    /* not JSON: fall through to the plain text */
  }
  return new ApiRequestError(text.trim() || res.statusText || `Request failed (${res.status})`, res.status);
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error && e.message) return e.message;
  return 'Something went wrong. Please try again.';
}
