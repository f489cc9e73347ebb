/**
 * One error type and one mapper (docs/architecture.md "Error model"). Services throw {@link AppError}; the
 * app's error handler turns it into `{ error: { code, message } }` with the status of its code
 * (and `field` when `details.field` names the body field at fault). Anything else becomes a masked 500.
 */
import { ERROR_STATUS, type ErrorCode } from '../shared/errors.ts';

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details;
  }
}

export const notFound = (message = 'No encontrado') => new AppError('NOT_FOUND', message);
export const badRequest = (message: string) => new AppError('VALIDATION', message);
