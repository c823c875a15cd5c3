import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorCode } from 'shared-contracts/schemas';
import { AppError } from './appError';
import { CONNECTION_FAULT_RETRY_AFTER_SECONDS, isDatabaseConnectionFault } from '../db/connectionFaults';
import { INVALID_INPUT_MESSAGE, isDatabaseInputError } from './databaseInputError';
import { failure, type ApiErrorEnvelope } from './envelope';
import { apiMessages, messageForStatus } from './messages';
import { toFieldErrors } from './validation';

interface ErrorReply {
  status: number;
  body: ApiErrorEnvelope;
  /** A 503's Retry-After when it is not the default (SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS). */
  retryAfterSeconds?: number;
}

const FASTIFY_CODES: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: ERROR_CODES.INVALID_JSON, message: apiMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ERROR_CODES.INVALID_JSON, message: apiMessages.emptyJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: ERROR_CODES.PAYLOAD_TOO_LARGE, message: apiMessages.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, message: apiMessages.unsupportedMediaType },
  FST_ERR_BAD_URL: { code: ERROR_CODES.BAD_REQUEST, message: apiMessages.badUrl },
};

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.BAD_REQUEST,
  401: ERROR_CODES.UNAUTHORIZED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  413: ERROR_CODES.PAYLOAD_TOO_LARGE,
  415: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
};

function internalError(): ErrorReply {
  return { status: 500, body: failure(ERROR_CODES.INTERNAL_ERROR, apiMessages.internal) };
}

/**
 * Any error → status and envelope. Only AppError messages and our own Vietnamese texts reach the client:
 * never an English framework message, a stack trace or SQL.
 */
export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof AppError) {
    return { status: error.status, body: failure(error.code, error.message, error.errors) };
  }
  if (error instanceof ResponseSerializationError) return internalError();
  if (typeof error !== 'object' || error === null) return internalError();
  // The database refused a value of the request (a NUL in text, an integer beyond its column...): a 400.
  if (isDatabaseInputError(error)) return { status: 400, body: failure(ERROR_CODES.INVALID_INPUT, INVALID_INPUT_MESSAGE) };
  // The connection died under the request (a database restart, failover, a dropped socket): the pool reconnects; try
  // again in a second. If the commit's answer was what got lost, a retry finds what was done (Idempotency-Key).
  if (isDatabaseConnectionFault(error)) {
    return { status: 503, body: failure(ERROR_CODES.DATABASE_UNREACHABLE, apiMessages.databaseConnectionLost), retryAfterSeconds: CONNECTION_FAULT_RETRY_AFTER_SECONDS };
  }

  const fastifyError = error as Partial<FastifyError>;
  if (Array.isArray(fastifyError.validation)) {
    return {
      status: 400,
      body: failure(ERROR_CODES.VALIDATION_ERROR, apiMessages.validation, toFieldErrors(fastifyError.validation, fastifyError.validationContext)),
    };
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (known) return { status: status >= 400 && status < 500 ? status : 400, body: failure(known.code, known.message) };
  // Other client errors raised by Fastify or a plugin (their own messages are English: replace them).
  if (status >= 400 && status < 500) {
    return { status, body: failure(CODE_FOR_STATUS[status] ?? ERROR_CODES.BAD_REQUEST, messageForStatus(status)) };
  }
  return internalError();
}

/** The error code each errored reply was sent with: the request's log line (requestLog.ts) shows it. */
const sentCodes = new WeakMap<FastifyReply, ErrorCode>();

/** The `code` of the error envelope `reply` was sent with by sendError, if any. */
export function errorCodeOf(reply: FastifyReply): ErrorCode | undefined {
  return sentCodes.get(reply);
}

/** How long a client is told to wait after a 503 (a dependency down): the counters' Redis, for one. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

function logError(request: FastifyRequest, error: unknown, status: number): void {
  if (status >= 500) {
    // The full error, stack included, stays in the server log.
    request.log.error({ err: error }, 'request failed');
  } else if (isDatabaseInputError(error)) {
    // A value the request schemas let through: answered 400, and worth a look (the schema should refuse it).
    request.log.warn({ err: error }, 'database refused a value of the request');
  } else {
    // The request's own line (requestLog.ts) says status and code at info; the reason is for debugging.
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    request.log.debug({ status, code, reason: message }, 'request rejected');
  }
}

/** Sends the envelope for an error; for hooks or handlers that want to answer an error themselves. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body, retryAfterSeconds } = toErrorReply(error);
  logError(request, error, status);
  sentCodes.set(reply, body.code);
  if (status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(retryAfterSeconds ?? SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Error handler (every thrown or rejected error), not-found handler (unknown path or method) and the
 * handler of errors Fastify raises before routing (malformed URL).
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
  app.setNotFoundHandler((request, reply) => {
    request.log.debug({ method: request.method, url: request.url }, 'route not found');
    sentCodes.set(reply, ERROR_CODES.ROUTE_NOT_FOUND);
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send(failure(ERROR_CODES.ROUTE_NOT_FOUND, apiMessages.routeNotFound));
  });
}
