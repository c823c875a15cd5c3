import type { FieldError } from './envelope';
import { apiMessages } from './messages';

/** Error codes the API itself uses; modules add their own (UPPER_SNAKE_CASE). */
export const ErrorCodes = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  DATABASE_UNREACHABLE: 'DATABASE_UNREACHABLE',
  /** A dependency (Redis) is down: try again later, the request itself was fine. */
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  REDIS_UNREACHABLE: 'REDIS_UNREACHABLE',
  /** Readiness: a dependency, the upload folder or the schema is not as the API needs it. */
  NOT_READY: 'NOT_READY',
} as const;

/**
 * An error a module throws on purpose: the error handler answers with `status` and the envelope
 * `{ success: false, message, code, errors? }`. `message` is Vietnamese and shown to the user as is.
 *
 *   throw new AppError(409, 'SLOT_TAKEN', 'Khung giờ này đã có người đặt. Vui lòng chọn giờ khác.');
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  /** Same as `status`: the name Fastify and its logger read. */
  readonly statusCode: number;

  constructor(status: number, code: string, message: string, errors?: FieldError[], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.status = status;
    this.statusCode = status;
    this.code = code;
    this.errors = errors;
  }


  static badRequest(message: string = apiMessages.badRequest, errors?: FieldError[], code: string = ErrorCodes.BAD_REQUEST): AppError {
    return new AppError(400, code, message, errors);
  }

  static validation(errors: FieldError[], message: string = apiMessages.validation): AppError {
    return new AppError(400, ErrorCodes.VALIDATION_ERROR, message, errors);
  }

  static unauthorized(message: string = apiMessages.unauthorized, code: string = ErrorCodes.UNAUTHORIZED): AppError {
    return new AppError(401, code, message);
  }

  static forbidden(message: string = apiMessages.forbidden, code: string = ErrorCodes.FORBIDDEN): AppError {
    return new AppError(403, code, message);
  }

  static notFound(message: string = apiMessages.notFound, code: string = ErrorCodes.NOT_FOUND): AppError {
    return new AppError(404, code, message);
  }

  static conflict(message: string = apiMessages.conflict, code: string = ErrorCodes.CONFLICT): AppError {
    return new AppError(409, code, message);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
