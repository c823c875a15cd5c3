import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from 'shared-contracts/schemas';
import { AppError } from './appError';
import type { FieldError } from './envelope';

/**
 * Errors of the floor that carry data for the UI besides the envelope (backOfficeErrorSchema): the running
 * clock's order on ALREADY_CLOCKED_IN, the unanswered items on CHECKLIST_INCOMPLETE.
 */
export class AppErrorWithData extends AppError {
  constructor(status: number, code: ErrorCode, message: string, readonly data: Record<string, unknown>, errors?: FieldError[]) {
    super(status, code, message, errors);
  }
}

/** 422 on one field, the house's shape. */
export function fieldError(code: ErrorCode, field: string, message: string): AppError {
  return new AppError(422, code, message, [{ field, message }]);
}

/** Answers AppErrorWithData with its data in the envelope; the rest goes to the app's error handler. */
export function registerDataErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppErrorWithData) {
      request.log.info({ status: error.status, code: error.code }, 'request rejected');
      const body: Record<string, unknown> = { success: false, code: error.code, message: error.message, data: error.data };
      if (error.errors?.length) body.errors = error.errors;
      return reply.code(error.status).type('application/json; charset=utf-8').send(body);
    }
    throw error;
  });
}
