/**
 * `renderSql` (render.ts) against drizzle's own renderer: the same text, parameters and typings for
 * the search statements of a dozen kinds of query in three orders and for each kind of chunk; its
 * own pass for the statements it knows, and drizzle's for the others.
 */
import { type SQL, and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PartsQuery } from '../../shared/api.ts';
import type { LoadedCategories } from '../modules/catalogue/categories.ts';
import { filterConditions, orderKeys, searchStatement } from '../modules/catalogue/queries.ts';
import { searchPlan, synonymIndex } from '../modules/search/plan.ts';
import { renderSql } from './render.ts';
import { catalogueState, parts, sessions } from './schema.ts';

const dialect = new PgDialect();

const categories: LoadedCategories = {
  all: [
    { id: 1, name: 'Motor', level: 1, parentId: null, pageNumber: null, isVisible: true },
    { id: 2, name: 'Filtros', level: 2, parentId: 1, pageNumber: null, isVisible: true },
    { id: 3, name: 'Ocultos', level: 2, parentId: 1, pageNumber: null, isVisible: false },
  ],
  hidden: new Set([3]),
};
const known = new Set(['filtro', 'aceite', 'bujia', 'amortiguador', 'delantero', 'suspension', 'para', 'brisas', 'parabrisas']);
const synonyms = synonymIndex([
  ['aire acondicionado', 'a/a', 'ac'],
  ['bujia', 'bujía'],
]);
const corrections = new Map([['suspnesion', ['suspension']]]);

/** A page of a search as the catalogue builds it (service.ts `listParts`). */
function statementFor(search: string, query: Partial<PartsQuery> = {}, priceList = 1): SQL {
  const filters = { search, sortBy: 'relevance', sortDir: 'asc', page: 1, limit: 24, ...query } as PartsQuery;
  const plan = searchPlan(search, known, synonyms, search === 'suspnesion' ? corrections : new Map());
  const where = and(...filterConditions(filters, categories, plan));
  return searchStatement(where, orderKeys(filters, priceList, plan), priceList, filters.limit, (filters.page - 1) * filters.limit);
}

describe('renderSql', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const searches = [
    'filtro aceite',
    'bujia',
    'bujía ngk',
    '06h 103 14 4',
    'om 366',
    '1.6 16v',
    "o'ring 3/8",
    'para brisas',
    'aire acondicionado',
    'suspnesion',
    'amortiguador delantero izq 50%_x',
    'W712/75',
  ];

  it('renders search statements of every kind of query as drizzle does, in its own pass', () => {
    const drizzle = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    for (const search of searches) {
      for (const query of [
        {},
        { sortBy: 'price', sortDir: 'desc' },
        { sortBy: 'description', categoryId: 1, brand: 'Bosch', page: 3 },
      ] as Partial<PartsQuery>[]) {
        const statement = statementFor(search, query, 3);
        const expected = dialect.sqlToQuery(statement);
        expect(expected.params.length).toBeGreaterThan(2);
        drizzle.mockClear();
        expect(renderSql(statement)).toEqual(expected);
        // Drizzle renders only the columns met for the first time, never the statement.
        expect(drizzle.mock.calls.some(([arg]) => arg === statement)).toBe(false);
      }
    }
  });

  it('renders each kind of chunk as drizzle does', () => {
    const at = new Date('2026-11-27T12:00:00Z');
    const statements: SQL[] = [
      sql`select 1`,
      and(eq(parts.id, 5), inArray(parts.id, [1, 2, 3]), isNull(parts.brand))!,
      // A timestamp, a numeric and a JSON column: their parameters carry drizzle's typings.
      and(gt(sessions.expiresAt, at), eq(parts.discountPercentage, '12.50'), eq(catalogueState.value, { version: 3 }))!,
      sql`select ${sql.identifier('we"ird')} from ${parts} where ${parts.id} = any(${sql.placeholder('ids')}::int[]) and ${parts.brand} = ${sql.param('Bosch')}`,
      sql`select ${null}, ${true}, ${42}, ${12n}, ${'texto'}${undefined}, ${[1, 'dos', sql`tres`]}, ${sql.raw('now()')}`,
      sql`${sql.join([sql`a`, sql`${1}`, sql`${parts.partNumber}`], sql`, `)} ${eq(parts.id, sql.placeholder('id'))}`,
    ];
    for (const statement of statements) expect(renderSql(statement)).toEqual(dialect.sqlToQuery(statement));
  });

  it('leaves a statement with a chunk it does not know to drizzle, with the same output', () => {
    const drizzle = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const matches = new QueryBuilder().select({ id: parts.id }).from(parts).where(eq(parts.brand, 'Bosch')).as('matches');
    const statements: SQL[] = [
      sql`select * from ${matches} where ${eq(parts.id, 1)}`,
      sql`select ${sql`count(*)`.as('total')} from ${parts}`,
      sql`select ${'inline'} where ${parts.id} = ${7}`.inlineParams(),
      sql`select ${Symbol.for('odd')}`,
    ];
    for (const statement of statements) {
      const expected = dialect.sqlToQuery(statement);
      drizzle.mockClear();
      expect(renderSql(statement)).toEqual(expected);
      expect(drizzle.mock.calls.some(([arg]) => arg === statement)).toBe(true);
    }
  });
});
