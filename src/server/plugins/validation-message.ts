/**
 * The Spanish text of a request that failed its zod schema (docs/product.md §13.1): one sentence per
 * problem, the field named as a person reads it ("El campo «descuento» debe ser 99,99 o menos."),
 * never the request part ("body") nor zod's shorthand. A message the schema wrote itself ("La
 * contraseña debe tener al menos 6 caracteres") already says which field it is about and is kept
 * as written (alone, word for word; among others, ending with a period).
 */
import { spanishIssueMessage } from '../../shared/zod-es.ts';

/** What fastify-type-provider-zod reports per issue (its `validation` array). */
export interface ReportedIssue {
  keyword: string;
  instancePath: string;
  message?: string | undefined;
  params: Record<string, unknown>;
}

/** Spanish names of the request fields the API reads; a field missing here is named by its key. */
const FIELD_LABELS: Record<string, string> = {
  action: 'acción',
  alternateCodes: 'códigos alternativos',
  applications: 'aplicaciones',
  brand: 'marca',
  category: 'carrusel',
  categoryId: 'categoría',
  categoryIds: 'categorías',
  clientCode: 'código de cliente',
  collection: 'carrusel',
  company: 'empresa',
  confirmPassword: 'confirmación de la contraseña',
  currentPassword: 'contraseña actual',
  description: 'descripción',
  discountPercentage: 'descuento',
  documentUrl: 'URL del documento',
  email: 'correo electrónico',
  endsOn: 'fecha de fin',
  entity: 'tipo',
  entityId: 'identificador',
  excludeCollection: 'carrusel excluido',
  excludeId: 'producto excluido',
  from: 'desde',
  fullName: 'nombre completo',
  id: 'identificador',
  isActive: 'activo',
  isVisible: 'visibilidad',
  limit: 'cantidad por página',
  message: 'mensaje',
  newPassword: 'contraseña nueva',
  notes: 'notas',
  page: 'página',
  part: 'repuesto',
  partId: 'repuesto',
  partIds: 'orden de los repuestos',
  password: 'contraseña',
  phone: 'teléfono',
  priceList: 'lista de precios',
  profileType: 'tipo de usuario',
  q: 'búsqueda',
  query: 'búsqueda',
  reason: 'motivo',
  relatedId: 'repuesto relacionado',
  relatedProductId: 'repuesto relacionado',
  salesUnit: 'unidad de venta',
  search: 'búsqueda',
  sortBy: 'orden',
  sortDir: 'sentido del orden',
  startsOn: 'fecha de inicio',
  status: 'estado',
  stock: 'stock',
  to: 'hasta',
  token: 'código de verificación',
  updates: 'cambios',
  username: 'usuario',
  userType: 'tipo de usuario',
  videoUrl: 'URL del video',
};

const label = (key: string) => FIELD_LABELS[key] ?? key;

/** Where the field is: «campo», «campo» del elemento 2 de «lista». */
function fieldName(path: readonly string[]): string {
  const last = path.at(-1) as string;
  const name = /^\d+$/.test(last) ? `elemento ${Number(last) + 1}` : `«${label(last)}»`;
  const parents = path.slice(0, -1);
  const index = parents.findLastIndex((segment) => /^\d+$/.test(segment));
  if (index > 0) return `${name} del elemento ${Number(parents[index]) + 1} de «${label(parents[index - 1] as string)}»`;
  return name;
}

const NOUNS: Record<string, string> = { body: 'El campo', querystring: 'El parámetro', params: 'El dato', headers: 'El encabezado' };

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

function valueAt(source: unknown, path: readonly string[]): unknown {
  let value = source;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The Spanish text of a failed validation of `context` (`body`, `querystring`, `params`), whose
 * input was `input`.
 */
export function validationMessage(issues: readonly ReportedIssue[], context: string | undefined, input: unknown): string {
  const sentences = issues.map((issue) => {
    const path = issue.instancePath.split('/').filter(Boolean);
    // zod leaves the input out of a reported issue: the request still has it.
    const facts = { ...issue.params, code: issue.keyword, input: valueAt(input, path) };
    const message = issue.message ?? spanishIssueMessage(facts);
    // A schema's own sentence is kept; its own fragment ("debe ser true o false") gets the field before it.
    const ownWords = message !== spanishIssueMessage(facts);
    // Alone it is the answer word for word; among others it ends with a period like them.
    if (ownWords && !/^\p{Ll}/u.test(message)) return issues.length === 1 ? message : sentence(message);
    const text = lowerFirst(sentence(message));
    if (path.length === 0) {
      return context === 'body' && (input === undefined || input === null)
        ? 'Faltan los datos de la solicitud (un objeto JSON).'
        : `Los datos de la solicitud no son válidos: ${text}`;
    }
    const noun = NOUNS[context ?? 'body'] ?? 'El campo';
    const where = context === 'params' ? ' de la dirección' : '';
    return `${noun} ${fieldName(path)}${where} ${text}`;
  });
  return [...new Set(sentences)].join(' ');
}
