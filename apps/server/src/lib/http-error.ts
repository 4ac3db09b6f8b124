/** An error the API returns as `{message, name, fields?}` with the given status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    override readonly name: string = 'Error',
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, 'ValidationError', fields);
export const unauthorized = (message = 'Sign in to continue.', name = 'Unauthorized') => new HttpError(401, message, name);
export const forbidden = (message = 'You do not have access to this publisher.') => new HttpError(403, message, 'Forbidden');
export const notFound = (message = 'Not found.') => new HttpError(404, message, 'NotFound');
export const tooManyRequests = (message = 'Too many attempts. Try again in a minute.') => new HttpError(429, message, 'TooManyRequests');
