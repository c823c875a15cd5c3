import { ERROR_CODES, type ErrorCode } from 'shared-contracts/errors';
import type { FieldError } from './envelope';
import { apiMessages } from './messages';

/**
 * An error a module throws on purpose: the error handler answers with `status` and the envelope
 * `{ success: false, message, code, errors? }`. `message` is Vietnamese and shown to the user as is; `code` is one of
 * the catalogue's (shared-contracts' ERROR_CODES: a new code is added there first, with its default message).
 *
 *   throw new AppError(409, ERROR_CODES.SLOT_FULL, 'Khung giờ này vừa hết chỗ, vui lòng chọn giờ khác');
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Same as `status`: the name Fastify and its logger read. */
  readonly statusCode: number;

  constructor(status: number, code: ErrorCode, message: string, errors?: FieldError[], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.status = status;
    this.statusCode = status;
    this.code = code;
    this.errors = errors;
  }


  static badRequest(message: string = apiMessages.badRequest, errors?: FieldError[], code: ErrorCode = ERROR_CODES.BAD_REQUEST): AppError {
    return new AppError(400, code, message, errors);
  }

  static validation(errors: FieldError[], message: string = apiMessages.validation): AppError {
    return new AppError(400, ERROR_CODES.VALIDATION_ERROR, message, errors);
  }

  static unauthorized(message: string = apiMessages.unauthorized, code: ErrorCode = ERROR_CODES.UNAUTHORIZED): AppError {
    return new AppError(401, code, message);
  }

  static forbidden(message: string = apiMessages.forbidden, code: ErrorCode = ERROR_CODES.FORBIDDEN): AppError {
    return new AppError(403, code, message);
  }

  static notFound(message: string = apiMessages.notFound, code: ErrorCode = ERROR_CODES.NOT_FOUND): AppError {
    return new AppError(404, code, message);
  }

  static conflict(message: string = apiMessages.conflict, code: ErrorCode = ERROR_CODES.CONFLICT): AppError {
    return new AppError(409, code, message);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
