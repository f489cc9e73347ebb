/**
 * "¿Quiso decir …?" for a part number with a typo (docs/product.md §6.1): a code is never changed
 * into another code, so a search for `D-965C` still finds nothing; when it does, the answer names
 * up to three existing part numbers one edit away (`D-956C`) for the person to pick.
 *
 * The lookup runs only on a search that found nothing. It compares the normalized code the search
 * already uses (`part_number_key`: folded, letters and digits only, shared/text.ts `partNumberKey`)
 * and needs no new index: every key one edit away is generated here (about 73 per character of the
 * code: 35 substitutions, 36 insertions, a deletion and a swap per place) and read through the
 * existing b-tree `parts_part_number_key_idx` in one statement (`part_number_key = any(…)`), so its
 * cost follows the code's length, not the catalogue's size.
 */
import { type SQL, and, sql } from 'drizzle-orm';
import { partNumberKey, searchTokens } from '../../../shared/text.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { parts } from '../../db/schema.ts';

/** Part numbers offered at most. */
export const MAX_CODE_SUGGESTIONS = 3;

/** Shortest and longest normalized code worth a lookup: below 4 characters one edit reaches too many codes. */
const MIN_KEY = 4;
const MAX_KEY = 40;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Whether `query` reads as a part number, the only kind of search offered codes: its normalized key
 * has 4–40 characters with a digit, and no word of it is a word of 4+ letters (`filtro 9999` is a
 * description search, `D-965C`, `d 965 c` and `M48553-25` are codes).
 */
export function looksLikeCode(query: string): boolean {
  const key = partNumberKey(query);
  if (key.length < MIN_KEY || key.length > MAX_KEY || !/[0-9]/.test(key)) return false;
  return !searchTokens(query).some((t) => /^[a-z]{4,}$/.test(t.typed));
}

/**
 * Every key one edit from `key` (optimal string alignment distance 1, as vocabulary.ts
 * `editDistance` counts it): a character replaced, two neighbours swapped, one missing or one extra,
 * over the key's alphabet (a–z, 0–9). `key` itself is not among them.
 * @returns distinct keys, at most 73 × `key.length` + 36 of them.
 */
export function oneEditKeys(key: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= key.length; i++) {
    const head = key.slice(0, i);
    const tail = key.slice(i);
    for (const c of ALPHABET) {
      out.add(head + c + tail);
      if (i < key.length && c !== key[i]) out.add(head + c + key.slice(i + 1));
    }
    if (i < key.length) out.add(head + key.slice(i + 1));
    if (i + 1 < key.length && key[i] !== key[i + 1]) out.add(head + key[i + 1] + key[i] + key.slice(i + 2));
  }
  out.delete(key);
  return [...out];
}

/**
 * Up to {@link MAX_CODE_SUGGESTIONS} part numbers one edit from the code `query` (see the file's
 * comment), among the parts `conditions` allow (the list's own filters without the search: active,
 * in a visible category, the chosen category and brand). Same-length neighbours (a digit replaced,
 * two swapped) come before a character missing or extra, then part-number order. One indexed
 * statement; none when the query does not read as a code ({@link looksLikeCode}).
 * @returns part numbers as the catalogue writes them; empty when none is near.
 */
export async function nearPartNumbers(db: Executor, query: string, conditions: readonly SQL[]): Promise<string[]> {
  if (!looksLikeCode(query)) return [];
  const key = partNumberKey(query);
  const rows = await queryRows<{ partNumber: string }>(
    db,
    sql`select ${parts.partNumber} as "partNumber" from ${parts}
        where ${and(sql`${parts.partNumberKey} = any(${`{${oneEditKeys(key).join(',')}}`}::text[])`, ...conditions)}
        order by (length(${parts.partNumberKey}) = ${key.length}) desc, ${parts.partNumber} collate "C"
        limit ${MAX_CODE_SUGGESTIONS}`,
  );
  return rows.map((r) => r.partNumber);
}
