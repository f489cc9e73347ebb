/**
 * Imported for its side effect: Spanish sentences for every zod check that carries no message of
 * its own (a visitor never reads "Invalid input", nor zod's own locale shorthand such as
 * "Demasiado grande: se esperaba que texto tuviera <=3"). One module for both sides: the web's form
 * kit imports it, the server imports it at start-up and names the field in front of the sentence
 * (plugins/validation-message.ts; docs/product.md §13.1).
 *
 * Classic `zod` installs its English locale when its module first evaluates, so on the server
 * import this after (or from a module that imports) classic `zod`; otherwise English comes back.
 * `zod/mini` installs none, and `z.config` writes the one configuration both builds share. zod's own
 * Spanish locale (`zod/locales`) reads as shorthand, so these sentences replace it.
 */
import * as z from 'zod/mini';

/** The parts of a zod issue the sentences read (a raw issue, or a reported one with its `input`). */
export interface IssueFacts {
  code: string;
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  format?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: unknown;
  values?: readonly unknown[];
  keys?: readonly string[];
  divisor?: unknown;
}

const TYPE_NAMES: Record<string, string> = {
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  string: 'un texto',
  boolean: 'verdadero o falso',
  array: 'una lista',
  object: 'un objeto',
  date: 'una fecha',
};

const FORMAT_NAMES: Record<string, string> = {
  email: 'un correo electrónico válido',
  url: 'una dirección web válida',
  date: 'una fecha válida (AAAA-MM-DD)',
  datetime: 'una fecha y hora válidas',
  time: 'una hora válida',
  uuid: 'un identificador válido',
};

const number = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('es-AR') : String(value));
const quote = (value: unknown) => `«${String(value)}»`;

/**
 * The Spanish sentence zod gives an issue whose schema set no message: it starts with a capital,
 * ends with a period and names no field ("Debe tener al menos 3 caracteres."), so a form shows it
 * under the field's label and the server puts the field's name before it.
 */
export function spanishIssueMessage(issue: IssueFacts): string {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return 'Es obligatorio.';
      return `Debe ser ${TYPE_NAMES[String(issue.expected)] ?? 'un valor válido'}.`;
    }
    case 'invalid_value': {
      const values = issue.values ?? [];
      if (values.length === 1) return `Debe ser ${quote(values[0])}.`;
      return `No es una opción válida (se admite ${values.map(quote).join(', ')}).`;
    }
    case 'too_small': {
      const min = issue.minimum;
      if (issue.origin === 'string') return min === 1 ? 'Es obligatorio.' : `Debe tener al menos ${number(min)} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') {
        return min === 1 ? 'Debe tener al menos un elemento.' : `Debe tener al menos ${number(min)} elementos.`;
      }
      return issue.inclusive === false ? `Debe ser mayor que ${number(min)}.` : `Debe ser ${number(min)} o más.`;
    }
    case 'too_big': {
      const max = issue.maximum;
      if (issue.origin === 'string') return `Admite hasta ${number(max)} caracteres.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Admite hasta ${number(max)} elementos.`;
      if (issue.origin === 'file') return `Admite hasta ${number(max)} bytes.`;
      return issue.inclusive === false ? `Debe ser menor que ${number(max)}.` : `Debe ser ${number(max)} o menos.`;
    }
    case 'invalid_format':
      return `Debe ser ${FORMAT_NAMES[String(issue.format)] ?? 'un valor con el formato esperado'}.`;
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${number(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Trae datos desconocidos: ${(issue.keys ?? []).map(quote).join(', ')}.`;
    default:
      return 'No es válido.';
  }
}

z.config({ localeError: (issue) => spanishIssueMessage(issue) });
