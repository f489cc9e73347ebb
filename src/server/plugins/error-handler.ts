/**
 * The one error handler (docs/architecture.md "Error model"): an {@link AppError} answers its
 * code's status, a zod validation failure 400, a broken unique rule 409, Fastify's own client
 * errors keep their status with a Spanish text, a database that cannot be reached 503 with
 * `Retry-After` (issue 20), and anything else is logged (without SQL parameters, see
 * `db/errors.ts`) and masked as 500. Every body is `{ error: { code, message } }`, with `field` when
 * an AppError's `details.field` names the body field at fault, or when a route with `fieldErrors`
 * refuses one field of its body.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/errors.ts';
import { isDatabaseUnavailable } from '../db/client.ts';
import { uniqueViolation, uniqueViolationMessage } from '../db/errors.ts';
import { AppError } from '../errors.ts';
import { validationMessage } from './validation-message.ts';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Spanish texts for Fastify's own client errors. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'La solicitud supera el tamaño máximo permitido.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido: envíe JSON (application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del contenido no es válida.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo JSON está vacío.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo no es un JSON válido.',
};

/** Spanish texts of other client errors by status, for a library's own (English) message. */
const STATUS_MESSAGES: Record<number, string> = {
  400: 'La solicitud no es válida.',
  404: 'No se encontró lo solicitado.',
  405: 'Esa operación no está permitida aquí.',
  413: FASTIFY_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE as string,
  415: FASTIFY_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE as string,
};

/**
 * The Spanish text of a client error that is not ours: a known Fastify code's text, otherwise the
 * status's, since Fastify and its plugins word their `FST_…` errors in English (a JSON parser's
 * "Unexpected token" never reaches a person).
 */
function clientErrorMessage(error: FastifyError, status: number): string {
  const known = FASTIFY_MESSAGES[error.code];
  if (known) return known;
  if (typeof error.code === 'string' && error.code.startsWith('FST_')) return STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400] ?? '';
  return error.message;
}

/** The answer while the database cannot be reached (issue 20). */
export const DATABASE_UNAVAILABLE = 'El servicio no está disponible en este momento. Intente nuevamente en unos segundos.';
/** `Retry-After` of that answer, seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's body is edited one field at a time (the panel's inline edits): a body that fails
     * its schema only in one top-level field names it in the answer's `field`, so the web says the
     * message on that field (docs/product.md §13.1). Off by default: other forms read the message.
     */
    fieldErrors?: boolean;
  }
}

/** The one top-level body field every issue is about, if there is one (`/salesUnit` → `salesUnit`). */
function fieldAtFault(issues: readonly { instancePath: string }[]): string | undefined {
  const fields = new Set(issues.map((issue) => issue.instancePath.split('/')[1] ?? ''));
  const [field] = fields;
  return fields.size === 1 && field ? field : undefined;
}

/** Sets the app's error handler. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      // The body field at fault, for the form to mark it (`details.field`, e.g. a taken username).
      const field = (error.details as { field?: unknown } | undefined)?.field;
      return reply
        .status(error.status)
        .send({ error: { code: error.code, message: error.message, ...(typeof field === 'string' ? { field } : {}) } });
    }
    // A write that broke a unique rule (a name or an address already in use) is the caller's
    // conflict, not a server fault.
    const constraint = uniqueViolation(error);
    if (constraint !== null) {
      return reply.status(409).send({ error: { code: 'CONFLICT', message: uniqueViolationMessage(constraint) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const input =
        context === 'body' ? request.body : context === 'querystring' ? request.query : context === 'params' ? request.params : undefined;
      const field = context === 'body' && request.routeOptions.config.fieldErrors ? fieldAtFault(error.validation) : undefined;
      return reply
        .status(400)
        .send({ error: { code: 'VALIDATION', message: validationMessage(error.validation, context, input), ...(field ? { field } : {}) } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .status(status)
        .send({ error: { code: STATUS_CODES[status] ?? 'VALIDATION', message: clientErrorMessage(error, status) } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE } });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Error interno del servidor' } });
  });
}
