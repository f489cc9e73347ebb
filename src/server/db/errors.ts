/**
 * Reading database errors without leaking them: which unique constraint a write broke, and a log
 * form of any error that carries no SQL parameters (password hashes, tokens, e-mails) and no
 * row values (docs/security.md "Logs").
 */

/** The driver error fields read here (node-postgres and PGlite both carry them). */
interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The chain of an error and its causes (Drizzle wraps the driver's error as `cause`), at most 5 deep. */
function chain(error: unknown): PgLikeError[] {
  const errors: PgLikeError[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && errors.length < 5) {
    errors.push(current as PgLikeError);
    current = (current as PgLikeError).cause;
  }
  return errors;
}

/**
 * The unique constraint an error broke (PostgreSQL SQLSTATE 23505), or null for any other error.
 * @returns the constraint's name, or `''` when the driver did not name it.
 */
export function uniqueViolation(error: unknown): string | null {
  const hit = chain(error).find((e) => e.code === '23505');
  if (!hit) return null;
  return typeof hit.constraint === 'string' ? hit.constraint : '';
}

/** Whether an error is a lock wait that ran past `lock_timeout` (PostgreSQL SQLSTATE 55P03). */
export function lockNotAvailable(error: unknown): boolean {
  return chain(error).some((e) => e.code === '55P03');
}

/** Spanish answer for a broken unique constraint, by constraint name. */
const UNIQUE_MESSAGES: Record<string, string> = {
  users_username_key: 'El nombre de usuario ya está en uso',
  users_email_key: 'El email ya está en uso por otra cuenta',
  users_identity: 'El nombre de usuario o el email ya están en uso por otra cuenta',
  users_client_code_key: 'Ese código de cliente ya está asignado a otra cuenta',
};

/** The 409 message of a unique violation: the constraint's own text, or a general one. */
export function uniqueViolationMessage(constraint: string): string {
  return UNIQUE_MESSAGES[constraint] ?? 'Ya existe un registro con esos datos.';
}

/** `path.to.field: code` for each zod issue (at most 20), e.g. `0.disabledAt: invalid_type`. */
function zodIssuesForLog(issues: unknown[]): string {
  return issues
    .slice(0, 20)
    .map((issue) => {
      const { path, code } = (issue ?? {}) as { path?: unknown; code?: unknown };
      const where = Array.isArray(path) ? path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.') : '';
      return `${where || '(root)'}: ${typeof code === 'string' ? code : 'invalid'}`;
    })
    .join('; ');
}

/**
 * A log form of an error: its type, message and SQLSTATE, for each error of the cause chain.
 * Drizzle's "Failed query" message lists the query's parameters, a driver error's `detail` and
 * message quote row values: the parameters and `detail` are dropped, quoted values become `"…"`
 * (the names of the constraint, table or column the error carries stay), the stack keeps frames only;
 * a zod error keeps its issues' paths and codes.
 * @returns `{ type, message, stack, code?, constraint?, causes? }` (the stack's frames only).
 */
export function safeErrorForLog(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  const [first, ...rest] = chain(error).map((e) => {
    const err = e as PgLikeError & { name?: unknown; message?: unknown; constructor?: { name?: string } } & Record<string, unknown>;
    // Quoted text in a driver message is a value ("invalid input syntax for type integer: "…"")
    // unless it is one of the names the error itself carries (constraint, table, column…).
    const names = new Set(['constraint', 'table', 'column', 'schema', 'dataType'].map((k) => err[k]).filter((v) => typeof v === 'string'));
    // A zod error (a response that did not match its schema) says which fields and checks failed:
    // paths and codes only, never the values or messages, which may quote them.
    const message = Array.isArray(err.issues)
      ? zodIssuesForLog(err.issues)
      : String(err.message ?? '')
          .split(/\nparams:/)[0]
          ?.replace(/"([^"]*)"/g, (quoted, inner: string) => (names.has(inner) ? quoted : '"…"'))
          .slice(0, 2_000);
    return {
      type: err.constructor?.name ?? String(err.name ?? 'Error'),
      message,
      ...(typeof err.code === 'string' ? { code: err.code } : {}),
      ...(typeof err.constraint === 'string' ? { constraint: err.constraint } : {}),
    };
  });
  if (!first) return { type: typeof error, message: String(error).slice(0, 200), stack: '' };
  // Only the frames: the stack's first lines repeat the message, parameters included.
  const frames = error instanceof Error && error.stack ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return { ...first, message: first.message ?? '', stack: frames.slice(0, 8).join('\n'), ...(rest.length ? { causes: rest } : {}) };
}
