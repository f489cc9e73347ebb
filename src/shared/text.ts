/**
 * Text normalisation rules shared by the import, the search and the web client.
 * Pure functions: no Node or DOM APIs.
 */

/** Lower-cases and strips diacritics (`Cigüeñal` → `ciguenal`). */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Part number key: folded and without separators, so `06H-103-144`, `06h 103 144` and
 * `06h103144` share one key (docs/product.md §6).
 */
export function partNumberKey(value: string): string {
  return foldText(value).replace(/[^a-z0-9]/g, '');
}

/**
 * Sort key that orders Spanish text as a reader expects under a byte-wise (C) collation:
 * case and accents are ignored and `ñ` sorts after every other `n…` word.
 */
export function spanishSortKey(value: string): string {
  return value
    .toLowerCase()
    .replace(/ñ/g, 'n~')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/**
 * Light Spanish plural fold for search tokens (docs/product.md §6): `filtros` → `filtro`,
 * `motores` → `motor`, `aceites` → `aceite`. Tokens holding digits (codes) are left alone.
 */
export function foldPlural(token: string): string {
  if (token.length < 5 || /\d/.test(token)) return token;
  if (/[rlnd]es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith('s')) return token.slice(0, -1);
  return token;
}

/** A search token with its separator-free variant (`06h-10` → `06h10`). */
export interface SearchToken {
  /** Folded token as typed, with the plural fold applied. */
  text: string;
  /** Token without separators; equals `text` when it had none. */
  key: string;
  /** Folded token as typed, before the plural fold (`cbles`, where `text` is `cbl`): what a typo pass corrects. */
  typed: string;
}

/** Maximum number of tokens taken from one search query; the rest are ignored. */
export const MAX_SEARCH_TOKENS = 8;

/**
 * Splits a search query into folded tokens (docs/product.md §6).
 * Every token must match for a part to be found. Returns at most {@link MAX_SEARCH_TOKENS}.
 */
export function searchTokens(query: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  for (const raw of foldText(query).split(/\s+/)) {
    const trimmed = raw.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
    if (!trimmed) continue;
    const text = foldPlural(trimmed);
    tokens.push({ text, key: text.replace(/[^a-z0-9]/g, ''), typed: trimmed });
    if (tokens.length === MAX_SEARCH_TOKENS) break;
  }
  return tokens;
}
