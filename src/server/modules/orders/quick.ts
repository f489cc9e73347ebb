/**
 * The quick order against the catalogue (issue 19): each pasted line's readings (quick-parse.ts)
 * are looked up by part-number key (`06H-103-144` = `06h103144`, shared/text.ts) and, failing that,
 * by alternate/OEM code, among the parts the viewer may order (active, outside hidden categories).
 * The first reading whose code is a part decides the line: one part → added (quantities of one part
 * on several lines summed, capped at 9,999), several → "pick one" with the candidates, a bad
 * quantity → refused; no reading found → unknown code.
 */
import { type SQL, and, inArray, or, sql } from 'drizzle-orm';
import type { Part } from '../../../shared/api.ts';
import { type CartLine, MAX_ORDER_LINES, MAX_QUANTITY, ORDER_TEXTS, type QuickUnmatched } from '../../../shared/orders.ts';
import { foldText, partNumberKey } from '../../../shared/text.ts';
import { parts } from '../../db/schema.ts';
import type { Viewer } from '../auth/viewer.ts';
import { type CatalogueReader, categoryScope, readParts } from '../catalogue/service.ts';
import { cartLineOf } from './pricing.ts';
import { type ParsedLine, parseQuickOrder } from './quick-parse.ts';

/** Most candidates listed for an ambiguous line. */
const MAX_CANDIDATES = 10;
/** Shortest key looked up among alternate codes (shorter ones would match too much text). */
const MIN_ALTERNATE_KEY = 3;
/** Keys per alternate-code statement. */
const ALTERNATE_BATCH = 50;

/** The public parts matching each key, exact part-number matches before alternate codes. */
async function partsByKey(reader: CatalogueReader, viewer: Viewer, keys: string[]): Promise<Map<string, Part[]>> {
  const scope = await categoryScope(reader, viewer, 'all');
  const found = new Map<string, Part[]>();
  if (!keys.length) return found;
  const byNumber = await reader.db
    .select({ id: parts.id, key: parts.partNumberKey })
    .from(parts)
    .where(and(inArray(parts.partNumberKey, keys), ...scope.conditions));
  const idsByKey = new Map<string, number[]>();
  for (const r of byNumber) idsByKey.set(r.key, [...(idsByKey.get(r.key) ?? []), r.id]);
  // Alternate/OEM codes of the keys no part number matched: the search text holds each alternate
  // code's key (trigram index), the exact comparison is made here.
  const rest = keys.filter((k) => !idsByKey.has(k) && k.length >= MIN_ALTERNATE_KEY);
  for (let i = 0; i < rest.length; i += ALTERNATE_BATCH) {
    const batch = rest.slice(i, i + ALTERNATE_BATCH);
    const likes = batch.map((k) => sql`${parts.searchText} like ${`%${k}%`}`);
    const rows = await reader.db
      .select({ id: parts.id, alternateCodes: parts.alternateCodes })
      .from(parts)
      .where(and(or(...likes) as SQL, ...scope.conditions))
      .limit(5000);
    const wanted = new Set(batch);
    for (const r of rows) {
      for (const code of r.alternateCodes) {
        const k = partNumberKey(code);
        if (!wanted.has(k)) continue;
        const ids = idsByKey.get(k) ?? [];
        if (!ids.includes(r.id)) idsByKey.set(k, [...ids, r.id]);
      }
    }
  }
  const allIds = [...new Set([...idsByKey.values()].flat())];
  const presented = allIds.length ? await readParts(reader, scope, allIds) : [];
  const byId = new Map(presented.map((p) => [p.id, p]));
  for (const [key, ids] of idsByKey) {
    const list = ids.flatMap((id) => byId.get(id) ?? []).sort((a, b) => a.partNumber.localeCompare(b.partNumber));
    if (list.length) found.set(key, list);
  }
  return found;
}

/** Of several parts sharing a key, the one whose code is written exactly as the line wrote it (case and accents aside), if one. */
function exactCode(code: string, matches: Part[]): Part[] {
  if (matches.length < 2) return matches;
  const folded = foldText(code).trim();
  const exact = matches.filter((p) => foldText(p.partNumber) === folded);
  return exact.length === 1 ? exact : matches;
}

/** What a quick order recognised and what it did not. */
export interface QuickResult {
  /** Recognised lines priced at the viewer's list, one per part, in the order first met. */
  added: CartLine[];
  unmatched: QuickUnmatched[];
}

function unmatched(line: ParsedLine, reason: QuickUnmatched['reason'], extra: Partial<QuickUnmatched> = {}): QuickUnmatched {
  const message = {
    unknown: ORDER_TEXTS.reasonUnknown,
    ambiguous: ORDER_TEXTS.reasonAmbiguous,
    quantity: ORDER_TEXTS.reasonQuantity,
    'too-many': ORDER_TEXTS.reasonTooMany,
  }[reason];
  return {
    line: line.line,
    text: line.text,
    reason,
    message,
    code: line.readings[0]?.code ?? null,
    quantity: line.readings[0]?.quantity ?? null,
    candidates: [],
    ...extra,
  };
}

/**
 * Reads pasted text (see quick-parse.ts) and resolves it against the parts the viewer may order.
 * @returns the recognised lines (priced now at the viewer's list) and the others with their reason.
 */
export async function resolveQuickOrder(reader: CatalogueReader, viewer: Viewer, text: string): Promise<QuickResult> {
  const parsed = parseQuickOrder(text);
  const keys = [...new Set(parsed.flatMap((l) => l.readings.map((r) => partNumberKey(r.code))).filter(Boolean))];
  const found = await partsByKey(reader, viewer, keys);
  const quantities = new Map<number, { part: Part; quantity: number }>();
  const out: QuickUnmatched[] = [];
  for (const line of parsed) {
    let decided = false;
    for (const reading of line.readings) {
      const matches = exactCode(reading.code, found.get(partNumberKey(reading.code)) ?? []);
      if (!matches.length) continue;
      decided = true;
      if (reading.badQuantity !== undefined) {
        out.push(unmatched(line, 'quantity', { code: reading.code, quantity: null }));
      } else if (matches.length > 1) {
        out.push(
          unmatched(line, 'ambiguous', {
            code: reading.code,
            quantity: reading.quantity ?? 1,
            candidates: matches.slice(0, MAX_CANDIDATES).map((p) => ({
              partId: p.id,
              partNumber: p.partNumber,
              description: p.description,
              unitPrice: p.price,
            })),
          }),
        );
      } else {
        const part = matches[0] as Part;
        const current = quantities.get(part.id);
        if (!current && quantities.size >= MAX_ORDER_LINES) out.push(unmatched(line, 'too-many', { code: reading.code }));
        else quantities.set(part.id, { part, quantity: Math.min(MAX_QUANTITY, (current?.quantity ?? 0) + (reading.quantity ?? 1)) });
      }
      break;
    }
    if (!decided) out.push(unmatched(line, 'unknown'));
  }
  return { added: [...quantities.values()].map(({ part, quantity }) => cartLineOf(part, quantity)), unmatched: out };
}
