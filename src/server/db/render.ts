/**
 * Drizzle `SQL` rendered to PostgreSQL text and parameters, with the output of
 * `PgDialect.sqlToQuery` and less of its cost, for the statements built anew for every request (a
 * search's, issue 23 item 3; docs/performance.md "A search's SQL rendered in one pass").
 *
 * Drizzle's renderer returns an object and an array for each chunk of a statement, merges them
 * level by level, and tells a chunk's kind by testing it against a dozen classes, each failed test
 * walking its prototype chain: for an uncached search at 100,000 parts it was about a tenth of the
 * server's time and a third of the memory the request allocated. {@link renderSql} walks the same
 * chunks once, appending to one text and one parameter list. It knows the chunks our statements are
 * made of (text, nested SQL, lists, columns, tables, identifiers, parameters, placeholders, plain
 * values); a statement holding anything else (a subquery, an alias, a view, inlined parameters, an
 * encoder that maps a value to SQL) is rendered by drizzle whole, so the output is always drizzle's
 * (render.test.ts compares the two).
 */
import { Column, Name, Param, Placeholder, type QueryTypingsValue, type QueryWithTypings, SQL, StringChunk, Table, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/** The text of each column and table met so far, as drizzle renders it (`"parts"."search_text"`). */
const rendered = new WeakMap<Column | Table, string>();
/** The typing drizzle gives a parameter of each encoder (`PgDialect.prepareTyping`). */
const typings = new WeakMap<object, QueryTypingsValue>();

/** The statement being rendered. */
interface Output {
  text: string;
  params: unknown[];
  typings: QueryTypingsValue[];
}

/** A column or table's text, rendered by drizzle the first time. */
function nameOf(entity: Column | Table): string {
  let text = rendered.get(entity);
  if (text === undefined) {
    text = dialect.sqlToQuery(sql`${entity}`).sql;
    rendered.set(entity, text);
  }
  return text;
}

/** The typing of a parameter with `encoder`, asked of drizzle the first time. */
function typingOf(encoder: object): QueryTypingsValue {
  let typing = typings.get(encoder);
  if (typing === undefined) {
    typing = dialect.prepareTyping(encoder as Parameters<PgDialect['prepareTyping']>[0]);
    typings.set(encoder, typing);
  }
  return typing;
}

function addParam(out: Output, value: unknown, typing: QueryTypingsValue): void {
  out.params.push(value);
  out.typings.push(typing);
  out.text += `$${out.params.length}`;
}

/** Appends `chunks`; false when one of them is not a kind this renderer knows. */
function appendChunks(chunks: readonly unknown[], out: Output): boolean {
  for (const chunk of chunks) if (!appendChunk(chunk, out)) return false;
  return true;
}

/** Appends one chunk as drizzle's `buildQueryFromSourceParams` would; false for a kind it leaves to drizzle. */
function appendChunk(chunk: unknown, out: Output): boolean {
  if (chunk === undefined) return true;
  if (chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'boolean' || typeof chunk === 'bigint') {
    addParam(out, chunk, 'none');
    return true;
  }
  if (chunk instanceof StringChunk) {
    for (const part of chunk.value) out.text += part;
    return true;
  }
  // Drizzle keeps the flag of `sql.inlineParams()` private.
  if (chunk instanceof SQL)
    return !(chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams && appendChunks(chunk.queryChunks, out);
  if (Array.isArray(chunk)) {
    out.text += '(';
    for (let i = 0; i < chunk.length; i++) {
      if (i > 0) out.text += ', ';
      if (!appendChunk(chunk[i], out)) return false;
    }
    out.text += ')';
    return true;
  }
  if (chunk instanceof Column || chunk instanceof Table) {
    out.text += nameOf(chunk);
    return true;
  }
  if (chunk instanceof Name) {
    out.text += dialect.escapeName(chunk.value);
    return true;
  }
  if (chunk instanceof Placeholder) {
    addParam(out, chunk, 'none');
    return true;
  }
  if (chunk instanceof Param) {
    if (chunk.value instanceof Placeholder) {
      addParam(out, chunk, 'none');
      return true;
    }
    const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL || typeof chunk.encoder !== 'object' || chunk.encoder === null) return false;
    addParam(out, value, typingOf(chunk.encoder));
    return true;
  }
  return false;
}

/**
 * `query` as PostgreSQL text (`$1`, `$2`… for its values) with its parameters and their typings:
 * exactly what `new PgDialect().sqlToQuery(query)` returns (see the module comment).
 */
export function renderSql(query: SQL): QueryWithTypings {
  const out: Output = { text: '', params: [], typings: [] };
  if (!appendChunk(query, out)) return dialect.sqlToQuery(query);
  return out.params.length ? { sql: out.text, params: out.params, typings: out.typings } : { sql: out.text, params: [] };
}
