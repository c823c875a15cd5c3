import { ApiError } from 'shared-contracts';
import { ERROR_CODES } from 'shared-contracts/errors';

/** A 422 about the dates (DATE_RANGE_INVALID): shown next to the date inputs rather than as a failed load. */
export const isRangeError = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 422 && error.code === ERROR_CODES.DATE_RANGE_INVALID;
