/**
 * Must-find cases of the forgiving search (issue 18) on a small catalogue of our own, through
 * `GET /api/parts`: codes first, abbreviations and synonyms, joined and split words, typos with
 * their correction, the "Relevancia" order and the admin's synonym groups.
 */
import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsResponseSchema, suggestionsSchema } from '../../../shared/api.ts';
import { synonymGroupSchema } from '../../../shared/synonyms.ts';
import { queryRows } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { testEngines } from '../../test/db.ts';
import { buildPartRecord, createUser, insertParts, loginCookie } from '../../test/factories.ts';
import type { Viewer } from '../auth/viewer.ts';
import { CatalogueCache } from '../catalogue/cache.ts';
import { loadCategories } from '../catalogue/categories.ts';
import { filterConditions, orderKeys, searchPage, searchStatement } from '../catalogue/queries.ts';
import { type CatalogueReader, cachedReader } from '../catalogue/reader.ts';
import { listParts } from '../catalogue/service.ts';
import { correctionOnly, searchPlan } from './plan.ts';
import { correctedPlanFor, loadSynonymIndex } from './service.ts';

const CATALOGUE = [
  { codigo: 'AM-1001', descripcion: 'AMORT. DEL. IZQ. FIAT PALIO' },
  { codigo: 'AM-1002', descripcion: 'AMORTIGUADOR TRASERO DERECHO RENAULT 12' },
  { codigo: 'MG-2001', descripcion: 'MANG. RAD. SUP. M.BENZ 1114' },
  { codigo: 'JG-3001', descripcion: 'JGO. JUNTAS MOTOR OM366' },
  { codigo: 'BB-4001', descripcion: 'BBA. ALIM. GAS-OIL OM 352' },
  { codigo: 'AA-5001', descripcion: 'COMPRESOR A/A VW GOL' },
  { codigo: 'CJ-6001', descripcion: 'ENGRANAJE 5TA CAJA VELOCIDADES' },
  { codigo: 'PB-7001', descripcion: 'BURLETE PARA BRISAS FORD F100' },
  { codigo: 'TR-8001', descripcion: 'TORNILLO 6 X 40 CABEZA HEXAGONAL' },
  { codigo: 'RD-9001', descripcion: 'RADIADOR AGUA CHEVROLET 400' },
  { codigo: 'RD-9002', descripcion: 'TAPA RADIADOR' },
  { codigo: 'DS-9101', descripcion: 'KIT DISTRIBUCION CORREA Y TENSOR' },
  { codigo: 'BO-9201', descripcion: 'BOMBA DE AGUA VW' },
  { codigo: 'FL-0001', descripcion: 'FILTRO ACEITE' },
  { codigo: 'FL-0002', descripcion: 'FILTRO DE ACEITE Y AIRE PARA MOTOR DIESEL GRANDE' },
  { codigo: 'FL-0003', descripcion: 'FILTROS ACEITERA' },
  // `filtro` inside a word, in a shorter description than the whole `FILTRO`s: ranked after them.
  { codigo: 'FL-0004', descripcion: 'PORTAFILTRO' },
  { codigo: '06H-103-144', descripcion: 'POLEA CIGÜEÑAL VW AMAROK', codbarras: '7790713078225' },
  { codigo: '06H103', descripcion: 'POLEA AUXILIAR' },
  { codigo: 'XP-0001', descripcion: 'SOPORTE MOTOR', codbarras: '06H-103-144-B' },
  { codigo: 'CB-1001', descripcion: 'CABLES DE BUJIA SILICONADOS' },
  // The catalogue's own typo `IMPEZA` and the right `IMPREZA`: one edit from `imrpeza` both.
  { codigo: 'SE-0001', descripcion: 'SENSOR RPM SUBARU IMPREZA LEGACY' },
  { codigo: 'SE-0002', descripcion: 'SOPORTE MOTOR IMPEZA' },
  // `906` inside a part number and `SAL.` abbreviating `salida`, against `OM906 SALIDA` as words.
  { codigo: '9062030015', descripcion: 'CAÑO SAL. AGUA OM904' },
  { codigo: 'CN-0906', descripcion: 'CAÑO COMPRESOR OM906 SALIDA COMPRESOR' },
  // `con` is a word of the vocabulary and the start of `control`.
  { codigo: 'TP-3932', descripcion: 'TAPA CILINDRO CONTROL CAJA / DIAM. 90MM' },
  { codigo: 'TP-9011', descripcion: 'TAPA CON LLAVE / DIAM. 58MM' },
  { codigo: 'BU-0808', descripcion: 'BULON CABEZA (M8X1.25)' },
  // `palanca` whole only in its plural, against a shorter description holding it inside a word.
  { codigo: 'PL-0001', descripcion: 'PALANCAS DE CAMBIO, JUEGO' },
  { codigo: 'PL-0002', descripcion: 'PALANCAMIENTO CAMBIO' },
  // `BUJ.` abbreviates `bujia`; `BUJES` is another word, not a plural of the abbreviation.
  { codigo: 'TB-0001', descripcion: 'TERMINAL BUJ. 2 VIAS' },
  { codigo: 'BJ-0001', descripcion: 'BUJES LEVA' },
  // Both words whole, but `placa` only in the category path: after the longer description holding both.
  { codigo: 'EM-0001', descripcion: 'PLACA EMBRAGUE CAMION 310 MM' },
  { codigo: 'EM-0002', descripcion: 'BULON CUBREVOLANTE EMBRAGUE', categoria3: 'Placas' },
  // `om 457` as a code: in the description first, then in the category path only.
  { codigo: 'TE-0457', descripcion: 'TERMOSTATO OM457 TURBO' },
  { codigo: 'PG-0001', descripcion: 'PARAGOLPE', categoria3: 'OM457' },
  // `a/a` inside a code: not the air conditioning's `A/A`.
  { codigo: 'TC-0001', descripcion: 'TENSOR CORREA OM501LA/AXOR' },
  // The part a description names first, before a shorter description naming it later.
  { codigo: 'PF-0001', descripcion: 'SENSOR PASTILLA FRENO' },
  { codigo: 'PF-0002', descripcion: 'PASTILLAS DE FRENO DELANTERAS' },
  { codigo: 'CG-0001', descripcion: 'CIGÜEÑAL COMPLETO CON ENGRANAJE' },
  // A short first word is read as written: `EMBOLO` does not start with `om`.
  { codigo: 'EB-0447', descripcion: 'EMBOLO OM 447' },
  { codigo: 'OM-0447', descripcion: 'OM 447 TAPA DE CILINDRO COMPLETA' },
  // `AG.` is a whole word equal to the unfinished `ag` of `bomba ag`.
  { codigo: 'PO-0056', descripcion: 'POLEA BOMBA AG. 56MM' },
  // A thread's pitch written against its diameter, and a measure that only ends like it.
  { codigo: 'EP-0001', descripcion: 'ESPARRAGO RUEDA M14X1.5' },
  { codigo: 'AR-0001', descripcion: 'ARANDELA 11.5' },
  // `14x1.5` (diameter by pitch) is not `14 X 1500` (a length), whatever its key `14x15` says.
  { codigo: 'PT-0001', descripcion: 'PT 70 X 14 X 1500' },
  { codigo: 'BU-1415', descripcion: 'BULON VOLANTE 14 X 1.5 X 30' },
  { codigo: 'BU-0150', descripcion: 'BULON AMORTIGUADOR INF14X150' },
  // A code's fragment with a dot is no measure: `0.986` still reads `0986`.
  { codigo: 'BB-0986', descripcion: 'BULBO PRESION ACEITE MA2O 0986' },
];

describe.each(testEngines())('forgiving search on %s', (engine) => {
  let t: TestApp;
  const search = async (query: string, extra = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/parts?search=${encodeURIComponent(query)}${extra}` });
    expect(response.statusCode).toBe(200);
    return partsResponseSchema.parse(response.json());
  };
  const first = async (query: string) => (await search(query)).parts[0]?.partNumber;
  const codes = async (query: string) => (await search(query)).parts.map((p) => p.partNumber);

  beforeAll(async () => {
    t = await buildTestApp(engine);
    await insertParts(
      t.database.db,
      CATALOGUE.map((r) => buildPartRecord(r)),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the vocabulary of the active parts: words of 2+ letters with their part counts', async () => {
    const rows = await queryRows<{ word: string; parts: number }>(t.database.db, sql`select word, parts from search_vocabulary`);
    const vocabulary = new Map(rows.map((r) => [r.word, Number(r.parts)]));
    // From descriptions (`TAPA RADIADOR`, `RADIADOR AGUA`), read past dots and slashes (`JGO.`, `A/A`).
    expect(vocabulary.get('radiador')).toBe(2);
    expect(vocabulary.get('jgo')).toBe(1);
    expect(vocabulary.get('sal')).toBe(1);
    // Category paths count once per part, however often the word appears.
    expect(vocabulary.get('motor')).toBe(CATALOGUE.length);
    expect(vocabulary.get('om')).toBe(3);
    // Not words: a letter alone, a word with digits, a number.
    for (const word of ['a', 'om366', '6x40', '1114']) expect(vocabulary.has(word), word).toBe(false);
  });

  it('keeps each part’s words with one space between them and at both ends, for the whole-word tests', async () => {
    const [row] = await queryRows<{ words: string }>(
      t.database.db,
      sql`select search_words as words from parts where part_number = 'BB-4001'`,
    );
    expect(row?.words.startsWith(' bb 4001 bb4001 bba alim gas oil om 352 ')).toBe(true);
    expect(row?.words).toMatch(/^ ([a-z0-9]+ )+$/);
  });

  it('ranks a word whole in its plural or before punctuation above the same letters inside a word', async () => {
    expect(await codes('palanca cambio')).toEqual(['PL-0001', 'PL-0002']);
    expect(await codes('cambio juego')).toEqual(['PL-0001']);
  });

  it('finds a code first with or without separators, and an alternate code', async () => {
    for (const q of ['06H-103-144', '06h103144', '06h 103 144', '06H.103.144']) expect(await first(q), q).toBe('06H-103-144');
    expect(await first('7790713078225')).toBe('06H-103-144');
    expect(await first('06h103')).toBe('06H103');
  });

  it('matches the catalogue’s abbreviations from the words a customer types', async () => {
    expect(await first('amortiguador delantero izquierdo')).toBe('AM-1001');
    expect(await first('manguera radiador superior')).toBe('MG-2001');
    expect(await first('manguera radiador mercedes benz')).toBe('MG-2001');
    expect(await first('juego juntas')).toBe('JG-3001');
    expect(await first('bomba alimentacion')).toBe('BB-4001');
    expect(await first('compresor aire acondicionado volkswagen')).toBe('AA-5001');
    expect(await first('engranaje quinta')).toBe('CJ-6001');
    expect(await first('amort tras')).toBe('AM-1002');
    // The abbreviation is the catalogue's word itself: `buj` does not read `bujes` as its plural.
    expect(await codes('bujia')).toEqual(['CB-1001', 'TB-0001']);
  });

  it('matches joined and split words both ways', async () => {
    expect(await first('parabrisas')).toBe('PB-7001');
    expect(await first('tornillo 6x40')).toBe('TR-8001');
    expect(await first('tornillo 6 x 40')).toBe('TR-8001');
    expect(await codes('juntas om 366')).toEqual(['JG-3001']);
    expect(await codes('om352')).toEqual(['BB-4001']);
  });

  it('ranks a word written joined or split as a whole word above a piece found inside a code', async () => {
    expect(await first('om 906 salida')).toBe('CN-0906');
    expect(await first('om906 salida')).toBe('CN-0906');
  });

  it('ranks parts with more of the words whole before parts matched by abbreviations only', async () => {
    // Both hold `DIAM.`; only TP-3932 holds `control` itself (TP-9011 holds `CON`, its start).
    expect(await codes('diametro control')).toEqual(['TP-3932', 'TP-9011']);
  });

  it('answers queries holding quotes, backslashes, braces and LIKE wildcards, in the list and the suggestions', async () => {
    for (const q of ['a"b\\c', '{om,366}', "it's 50%_", '\\', 'bomba "ag', 'fil\\tro %']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/parts?search=${encodeURIComponent(q)}` })).statusCode, q).toBe(200);
      const suggested = await t.app.inject({ method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` });
      expect(suggested.statusCode, q).toBe(200);
    }
  });

  it('matches words of 1–2 letters only at the start of a word, with separators too', async () => {
    expect(await codes('a/a')).toEqual(['AA-5001']);
    // `om` starts `OM366` and `OM 352` but sits inside `BOMBA`.
    const found = await codes('om');
    expect(found).toEqual(expect.arrayContaining(['JG-3001', 'BB-4001']));
    expect(found).not.toContain('BO-9201');
    // After a parenthesis too, as after a space.
    expect(await codes('m8')).toEqual(['BU-0808']);
    // A measure of two digits after a letter (`M14X1.5`), never after a digit (`11.5`).
    expect(await codes('1.5')).toEqual(['BU-1415', 'EP-0001']);
    // Two digits after a separator only: `14` is not the start of a word in `M14X1.5`.
    expect(await codes('14')).not.toContain('EP-0001');
    // A measure holding a decimal splits at its letters, never at its decimal point.
    expect(await codes('14x1.5')).toEqual(['BU-1415', 'EP-0001']);
    // Either decimal mark, as typed in Argentina or written by the catalogue.
    expect(await codes('14x1,5')).toEqual(['BU-1415', 'EP-0001']);
    expect(await codes('1,5')).toEqual(['BU-1415', 'EP-0001']);
    expect(await codes('0.986')).toEqual(['BB-0986']);
  });

  it('corrects typos against the vocabulary and says so; exact=1 searches what was typed', async () => {
    const fixed = await search('radaidor');
    expect(fixed.correctedSearch).toBe('radiador');
    // The corrected word as a whole word first, the description that starts with it before the
    // shorter one; `RAD.` (its abbreviation) after.
    expect(fixed.parts.map((p) => p.partNumber)).toEqual(['RD-9001', 'RD-9002', 'MG-2001']);
    expect((await search('kit distribusion')).parts[0]?.partNumber).toBe('DS-9101');
    const exact = await search('radaidor', '&exact=1');
    expect(exact.parts.map((p) => p.partNumber)).toEqual(['MG-2001']);
    expect(exact.correctedSearch).toBeUndefined();
    // A code is never fuzzed into another code.
    expect((await search('06h103145')).total).toBe(0);
    // The word as typed is corrected (`cbles`), not what the plural fold left of it (`cbl`).
    const plural = await search('cbles bujia');
    expect(plural.parts.map((p) => p.partNumber)).toEqual(['CB-1001']);
    expect(plural.correctedSearch).toBe('cables bujia');
    // Two corrections one edit away are both tried; the one the part found holds is shown.
    const twins = await search('imrpeza legacy');
    expect(twins.parts.map((p) => p.partNumber)).toEqual(['SE-0001']);
    expect(twins.correctedSearch).toBe('impreza legacy');
    // Words the vocabulary holds are never corrected, even when together they find nothing.
    const none = await search('tapa bomba');
    expect(none.total).toBe(0);
    expect(none.correctedSearch).toBeUndefined();
  });

  it('answers misspellings corrected the same way with one shared page, the full typo pass’s own', async () => {
    const typos = ['fitlro', 'filtor', 'flitro'];
    const answers = [];
    for (const q of typos) answers.push(await search(q));
    for (const [i, answer] of answers.entries()) {
      expect(answer.correctedSearch, typos[i]).toBe('filtro');
      expect(answer.parts.map((p) => p.partNumber)).toEqual(['FL-0001', 'FL-0003', 'FL-0002', 'FL-0004']);
      expect(answer.total).toBe(4);
    }
    // The full typo pass (the typed word's own conditions kept) reads the same page.
    const db = t.database.db;
    const synonyms = await loadSynonymIndex(db);
    const categories = await loadCategories(db);
    for (const q of typos) {
      const full = await correctedPlanFor(db, q, synonyms, undefined, 0);
      if (!full) throw new Error(`no correction for ${q}`);
      expect(correctionOnly(full), q).toBeDefined();
      const filters = { search: q, sortBy: 'relevance', sortDir: 'asc' } as const;
      const page = await searchPage(
        db,
        searchStatement(and(...filterConditions(filters, categories, full)), orderKeys(filters, 4, full), 4, 60, 0),
      );
      expect(page.rows.map((r) => r.partNumber)).toEqual(answers[0]!.parts.map((p) => p.partNumber));
      expect(page.total).toBe(4);
    }
    // Through a caching reader the three read the page once.
    const cache = new CatalogueCache(db, { versionTtlMs: 60_000 });
    const cached = cachedReader(db, { imageBaseUrl: '' }, cache);
    let reads = 0;
    const counting: CatalogueReader = {
      ...cached,
      shared: (key, read) =>
        cached.shared(key, () => {
          reads++;
          return read();
        }),
    };
    for (const q of typos) {
      const listed = await listParts(counting, { role: 'guest' } as Viewer, {
        search: q,
        page: 1,
        limit: 60,
        sortBy: 'relevance',
        sortDir: 'asc',
      });
      expect(listed.parts.map((p) => p.partNumber)).toEqual(['FL-0001', 'FL-0003', 'FL-0002', 'FL-0004']);
      expect(listed.correctedSearch).toBe('filtro');
    }
    expect(reads).toBe(1);
    // A typed word that finds parts itself is not reduced: its own matches stay in the page.
    expect(correctionOnly(searchPlan('fitlro'))).toBeUndefined();
  });

  it('finds a word split at a letter/digit boundary by the separators the catalogues use', async () => {
    for (const q of ['om352', 'om-352', 'om 352']) expect(await codes(q), q).toEqual(['BB-4001']);
    // Written together, the pieces are the word itself.
    expect(await codes('om366')).toEqual(['JG-3001']);
  });

  it('orders by relevance while searching: whole words, then shorter descriptions; other orders stay selectable', async () => {
    expect(await codes('filtro aceite')).toEqual(['FL-0001', 'FL-0002', 'FL-0003']);
    expect((await search('filtro aceite', '&sortBy=partNumber&sortDir=desc')).parts.map((p) => p.partNumber)).toEqual([
      'FL-0003',
      'FL-0002',
      'FL-0001',
    ]);
  });

  it('ranks parts whose description holds the words before parts holding them only in a category', async () => {
    expect(await codes('placa embrague')).toEqual(['EM-0001', 'EM-0002']);
    expect(await codes('embrague placas')).toEqual(['EM-0001', 'EM-0002']);
    for (const q of ['om 457', 'om457']) expect(await codes(q), q).toEqual(['TE-0457', 'PG-0001']);
    // The description that starts with the first word first, accents or not.
    expect(await codes('pastilla freno')).toEqual(['PF-0002', 'PF-0001']);
    expect(await codes('ciguenal')).toEqual(['CG-0001', '06H-103-144']);
    expect(await codes('om 447')).toEqual(['OM-0447', 'EB-0447']);
    // A word's start too, in the list and in the search box's suggestions.
    expect(await codes('plac')).toEqual(['EM-0001', 'EM-0002']);
    const suggested = suggestionsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=plac' })).json());
    expect(suggested.parts.map((p) => p.partNumber)).toEqual(['EM-0001', 'EM-0002']);
  });

  it('lets an admin edit the synonyms, audited, applied at once', async () => {
    expect((await search('guarnicion')).total).toBe(0);
    const admin = await createUser(t.database.db, { username: 'admin-syn', profileType: 'admin' });
    const cookie = await loginCookie(t.app, admin, 'admin');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/synonyms',
      headers: { cookie },
      payload: { terms: ['Guarnición', 'burlete'] },
    });
    expect(created.statusCode).toBe(201);
    const group = synonymGroupSchema.parse(created.json());
    expect(group.terms).toEqual(['guarnicion', 'burlete']);
    expect(await first('guarnicion')).toBe('PB-7001');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/synonyms/${group.id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await search('guarnicion')).total).toBe(0);
    const guest = await t.app.inject({ method: 'GET', url: '/api/admin/synonyms' });
    expect(guest.statusCode).toBe(401);
  });

  it('refuses a synonym group with the same forms as another, in any order', async () => {
    const admin = await createUser(t.database.db, { username: 'admin-syn-dup', profileType: 'admin' });
    const cookie = await loginCookie(t.app, admin, 'admin');
    const post = (terms: string[]) => t.app.inject({ method: 'POST', url: '/api/admin/synonyms', headers: { cookie }, payload: { terms } });
    const first = await post(['cubrecarter', 'cubre carter']);
    expect(first.statusCode).toBe(201);
    const group = synonymGroupSchema.parse(first.json());
    const again = await post(['Cubre Cárter', 'CUBRECARTER']);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'CONFLICT', message: 'Ya existe un grupo con esas formas: cubrecarter, cubre carter' } });
    // A group with one more form is another group.
    const wider = await post(['cubrecarter', 'cubre carter', 'protector carter']);
    expect(wider.statusCode).toBe(201);
    const other = synonymGroupSchema.parse(wider.json());
    const put = (id: number, terms: string[]) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/synonyms/${id}`, headers: { cookie }, payload: { terms } });
    expect((await put(other.id, ['cubre carter', 'cubrecarter'])).statusCode).toBe(409);
    // A group's own forms, reordered, are not a duplicate of itself.
    expect((await put(group.id, ['cubre carter', 'cubrecarter'])).statusCode).toBe(200);
    const groups = (await t.app.inject({ method: 'GET', url: '/api/admin/synonyms', headers: { cookie } })).json() as { terms: string[] }[];
    expect(groups.filter((g) => [...g.terms].sort().join() === 'cubre carter,cubrecarter')).toHaveLength(1);
  });

  it('reads the vocabulary of the latest import: a new abbreviation is found at once', async () => {
    expect((await search('escobilla limpiaparabrisas')).total).toBe(0);
    await insertParts(t.database.db, [buildPartRecord({ codigo: 'ES-0001', descripcion: 'ESCOB. LIMPIAPARABRISAS' })]);
    // `escob` is a word of the vocabulary only since this import.
    expect(await codes('escobilla limpiaparabrisas')).toEqual(['ES-0001']);
  });

  it('suggests parts (no prices) and categories as the user types', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=radi' });
    expect(response.statusCode).toBe(200);
    const body = suggestionsSchema.parse(response.json());
    // The description that starts with the word first, then the shorter ones.
    expect(body.parts.map((p) => p.partNumber)).toEqual(['RD-9001', 'RD-9002', 'MG-2001']);
    expect(body.parts[1]).toEqual({ id: expect.any(Number), partNumber: 'RD-9002', description: 'TAPA RADIADOR' });
    expect(JSON.stringify(response.json())).not.toMatch(/price/i);
    const motor = suggestionsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=mot' })).json());
    expect(motor.categories.map((c) => c.name)).toContain('Motor');
    expect(motor.parts.length).toBeLessThanOrEqual(8);
    const short = suggestionsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=r' })).json());
    expect(short).toEqual({ parts: [], categories: [] });
    // The last word is being typed: `AG.` as a whole word does not put its part first.
    const typing = suggestionsSchema.parse((await t.app.inject({ method: 'GET', url: '/api/search/suggest?q=bomba%20ag' })).json());
    expect(typing.parts.map((p) => p.partNumber)).toEqual(['BO-9201', 'PO-0056']);
  });
});
