// The service's error envelope and the errors handlers throw to produce it.
//
// Observed live: `{"errorCode":403,"errors":{},"message":"…","refresh":false}` as application/json,
// with `errorCode` mirroring the HTTP status. `errors` is a field → messages map (ASP.NET style).

export type FieldErrors = Record<string, string[]>;

export interface ErrorEnvelope {
  errorCode: number;
  errors: FieldErrors;
  message: string;
  refresh: boolean;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  envelope(): ErrorEnvelope {
    return envelope(this.status, this.message, this.errors);
  }
}

export function envelope(status: number, message: string, errors: FieldErrors = {}): ErrorEnvelope {
  return { errorCode: status, errors, message, refresh: false };
}

export const AUTH_MESSAGE = 'Authorization header is missing or invalid.';
export const VALIDATION_MESSAGE = 'One or more validation errors occurred.';

export function notFound(what: string, id: string | number | bigint): ApiError {
  return new ApiError(404, `${what} ${String(id)} was not found.`);
}

export function badRequest(message: string, errors: FieldErrors = {}): ApiError {
  return new ApiError(400, message, errors);
}

export function validation(errors: FieldErrors): ApiError {
  return new ApiError(400, VALIDATION_MESSAGE, errors);
}

/** Default message for a status when a fault or an unexpected failure needs one. */
export function statusMessage(status: number): string {
  const known: Record<number, string> = {
    400: 'Bad request.',
    401: 'Unauthorized.',
    403: AUTH_MESSAGE,
    404: 'Not found.',
    405: 'Method not allowed.',
    408: 'Request timeout.',
    409: 'Conflict.',
    413: 'Request body is too large.',
    415: 'Unsupported media type.',
    429: 'Too many requests. Please retry later.',
    500: 'An unexpected error occurred on the server.',
    502: 'Bad gateway.',
    503: 'The service is temporarily unavailable. Please retry later.',
    504: 'Gateway timeout.',
  };
  return known[status] ?? `HTTP ${status}.`;
}
