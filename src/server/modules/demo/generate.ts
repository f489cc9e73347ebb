/**
 * Deterministic demo catalogue: raw ERP records of a Spanish (Argentina) spare-parts supplier, in
 * the format the importer takes (docs/product.md §11.2).
 *
 * - Deterministic: a record depends only on `(index, seed)`, through seeded mulberry32 streams;
 *   no `Math.random`, no clock. The same `(count, seed)` always gives identical records, and a
 *   shorter run is a prefix of a longer one with the same seed.
 * - Part numbers are unique, also once separators and case are removed (`partNumberKey`), for any
 *   count up to {@link MAX_DEMO_PARTS}: every generated code, stripped of separators and trailing
 *   letters, ends with six digits drawn from a seeded permutation of 0..999,999, and the fixed
 *   showcase parts reserve theirs.
 * - The first {@link DEMO_SHOWCASE_COUNT} records are fixed showcase parts (`06H-103-144`, `BP6ES`,
 *   `F 026 407 006`, `OC 1055/4`…) covering the five level-1 categories and the words search
 *   tests and benchmarks look for; their prices, stock and images still follow the seed.
 */
import { foldText, partNumberKey } from '../../../shared/text.ts';

/** One raw ERP record, the format the importer takes (docs/product.md §11.2). */
export interface RawErpRecord {
  /** Part number, e.g. `06H-103-144`, `BP6ES`, `F 026 407 006`, `0986.494.113`, `OC 1055/4`. */
  codigo: string;
  /** Spanish description, mixed upper/sentence/title case, e.g. `FILTRO DE ACEITE FORD FALCON 3.0 / 3.6`. */
  descripcion: string;
  /** Level 1: one of "Repuestos", "Herramientas", "Productos", "Maquinaria", "Insumos". */
  categoria1: string;
  /** Level 2: subgroup (Repuestos → Motor, Frenos, …; Herramientas → Manuales, …). */
  categoria2: string;
  /** Level 3: brand (under Repuestos) or subcategory (elsewhere). */
  categoria3: string;
  /**
   * Ten ARS prices (lists 1..10), dash-separated, each a plain decimal with a dot and two decimals:
   * `"12345.50-9876.40-…"`. List 1 is the client price (500–900,000), list 2 the distributor price
   * (15–30 % below list 1), list 4 the guest price (above list 1), the rest variations. A list
   * without a price is the entry `-`, joined like the others: `"1200.00---980.00-…"` is list 1
   * 1200.00, list 2 no price, list 3 980.00 (the importer's `splitPriceList` reads it so). About
   * 3 % of parts have no price at all: ten `-` entries (`"-------------------"`).
   */
  precios: string;
  /** Units in stock: some 0, some below 5, most above. */
  stock: number;
  /** Image file name such as `demo/bujia-ngk-bp6es.jpg` (files need not exist); empty for ~30 %. */
  imagen: string;
  /** Brand, e.g. "Bosch", "NGK", "SKF", "Mahle", "Fram", "Fric-Rot", "Bahco", or the vehicle maker for original parts. */
  marca: string;
  /** Alternate codes (EAN-13 barcodes, OEM numbers), space-separated, no spaces inside a code; empty for ~50 %. */
  codbarras: string;
  /** Sales unit: "1 unidad" mostly, also "Juego x 4", "Par", "Caja x 10", "Kit", "Metro", "Litro". */
  unidad: string;
}

/** Largest `count` the generator accepts: part numbers stay unique up to this many records. */
export const MAX_DEMO_PARTS = 1_000_000;

/** Seed used when none is given. */
export const DEFAULT_DEMO_SEED = 20_250_601;

/** The five level-1 category names, in the catalogue's preferred order. */
export const DEMO_LEVEL1 = ['Repuestos', 'Herramientas', 'Productos', 'Maquinaria', 'Insumos'] as const;
type Level1 = (typeof DEMO_LEVEL1)[number];

// ---------------------------------------------------------------------------------------------
// Random numbers

/** mulberry32 stream, re-seeded per record so that record `i` depends only on `(i, seed)`. */
class Rng {
  private s = 0;

  reseed(seed: number): void {
    this.s = seed | 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [a, b]. */
  range(a: number, b: number): number {
    return a + this.int(b - a + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
}

/** murmur3 finaliser: a well-mixed 32-bit hash of a 32-bit value. */
function fmix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Vehicles

/** Vehicle makers with an original-part (OEM) numbering style. */
type Make =
  | 'Fiat'
  | 'Ford'
  | 'Renault'
  | 'Peugeot'
  | 'VW'
  | 'Chevrolet'
  | 'Toyota'
  | 'Mercedes Benz'
  | 'Scania'
  | 'Iveco'
  | 'Citroën'
  | 'Dodge';

interface Vehicle {
  name: string;
  make: Make;
  engines: readonly string[];
}

const CARS: readonly Vehicle[] = [
  { name: 'Fiat 128', make: 'Fiat', engines: ['1.1', '1.3', '1.5'] },
  { name: 'Fiat Duna', make: 'Fiat', engines: ['1.3', '1.4', '1.7 D'] },
  { name: 'Fiat Uno', make: 'Fiat', engines: ['1.3', '1.4 Fire'] },
  { name: 'Fiat Palio', make: 'Fiat', engines: ['1.4 Fire', '1.6 16v', '1.7 TD'] },
  { name: 'Fiat Siena', make: 'Fiat', engines: ['1.4', '1.6'] },
  { name: 'Ford Falcon', make: 'Ford', engines: ['3.0', '3.6', '2.3'] },
  { name: 'Ford Escort', make: 'Ford', engines: ['1.6', '1.8', '1.8 D'] },
  { name: 'Ford Ranger', make: 'Ford', engines: ['2.3', '2.8 TD', '3.2 TDCi'] },
  { name: 'Ford Fiesta', make: 'Ford', engines: ['1.4', '1.6 Kinetic'] },
  { name: 'Ford F-100', make: 'Ford', engines: ['3.6', 'Perkins 4.236', '3.9 TD'] },
  { name: 'Renault 12', make: 'Renault', engines: ['1.4', '1.6'] },
  { name: 'Renault 9', make: 'Renault', engines: ['1.4', '1.6'] },
  { name: 'Renault 19', make: 'Renault', engines: ['1.6', '1.9 D'] },
  { name: 'Renault Clio', make: 'Renault', engines: ['1.2 16v', '1.6'] },
  { name: 'Renault Kangoo', make: 'Renault', engines: ['1.6', '1.5 dCi'] },
  { name: 'Peugeot 504', make: 'Peugeot', engines: ['2.0 nafta', '2.3 diesel'] },
  { name: 'Peugeot 404', make: 'Peugeot', engines: ['1.6'] },
  { name: 'Peugeot 206', make: 'Peugeot', engines: ['1.4', '1.6 16v', '1.9 D'] },
  { name: 'Peugeot Partner', make: 'Peugeot', engines: ['1.4', '1.6 HDi'] },
  { name: 'VW Gol', make: 'VW', engines: ['1.6 AP', '1.8 AP', '1.9 SD', '1.4 Power'] },
  { name: 'VW Senda', make: 'VW', engines: ['1.6', '1.8'] },
  { name: 'VW Suran', make: 'VW', engines: ['1.6 MSI'] },
  { name: 'VW Amarok', make: 'VW', engines: ['2.0 TDI', '3.0 V6'] },
  { name: 'Chevrolet Corsa', make: 'Chevrolet', engines: ['1.4', '1.6 8v', '1.7 D'] },
  { name: 'Chevrolet Classic', make: 'Chevrolet', engines: ['1.4'] },
  { name: 'Chevrolet S10', make: 'Chevrolet', engines: ['2.8 TD'] },
  { name: 'Chevrolet Celta', make: 'Chevrolet', engines: ['1.4'] },
  { name: 'Toyota Hilux', make: 'Toyota', engines: ['2.5 TD', '3.0 TD', '2.8 GD'] },
  { name: 'Toyota Corolla', make: 'Toyota', engines: ['1.6', '1.8', '2.0 D'] },
  { name: 'Citroën C3', make: 'Citroën', engines: ['1.4', '1.6 16v'] },
  { name: 'Citroën Berlingo', make: 'Citroën', engines: ['1.6 HDi', '1.9 D'] },
  { name: 'Dodge 1500', make: 'Dodge', engines: ['1.5', '1.8'] },
];

const HEAVY: readonly Vehicle[] = [
  { name: 'Mercedes Benz OM366', make: 'Mercedes Benz', engines: ['LA', 'A', '1114', '1620'] },
  { name: 'Mercedes Benz Sprinter', make: 'Mercedes Benz', engines: ['2.1 CDI', '2.2 CDI'] },
  { name: 'Scania 112', make: 'Scania', engines: ['DS11', 'H', 'HW'] },
  { name: 'Scania 113', make: 'Scania', engines: ['DSC11', 'H'] },
  { name: 'Iveco Daily', make: 'Iveco', engines: ['2.8', '3.0', '35.10', '55C16'] },
];

const ALL_VEHICLES: readonly Vehicle[] = [...CARS, ...HEAVY];

/**
 * Code templates. `{d}` is the record's six unique digits, `{a}`/`{b}` its first/last three,
 * `{c}`/`{e}` its first four/last two. The six digits must come last in the code apart from
 * separators and trailing letters (the uniqueness rule above).
 */
type Templates = readonly string[];

/** Original-part numbering per vehicle maker (no entry: no original parts). */
const OEM_CODES: Partial<Record<Make, Templates>> = {
  VW: ['06H-{a}-{b}', '03C-{a}-{b}', '04E-{a}-{b}', '06A {a} {b}', '377 {a} {b}', '030{d}', '026-{a}-{b} A', '1J0{d}B', '5U0 {a} {b}'],
  Renault: ['7700-{a}-{b}', '7701-{a}-{b}', '8200-{a}-{b}', '8200{d}', '6001{d}'],
  Fiat: ['46{d}', '55{d}', '71{d}', '51{d}'],
  Ford: ['1{d}', '2{d}', 'F{d}'],
  Peugeot: ['1609{d}', '9801{d}', '96{d}'],
  Citroën: ['1609{d}', '9674{d}'],
  Chevrolet: ['93{d}', '52{d}', '94{d}', '24{d}'],
  Toyota: ['04465-{d}', '90915-{d}', '16100-{d}', '13568-{d}', '48510-{d}'],
  'Mercedes Benz': ['A 366 {a} {b}', 'A 000 {a} {b}', 'A 906 {a} {b}', 'A366{d}'],
  Scania: ['1{d}', '2{d}'],
  Iveco: ['5801{d}', '5041{d}', '9830{d}'],
};

/** Brand used as `marca` for original parts of each maker. */
const OEM_BRAND: Partial<Record<Make, string>> = {
  VW: 'VW',
  Renault: 'Renault',
  Fiat: 'Fiat',
  Ford: 'Ford',
  Peugeot: 'Peugeot',
  Citroën: 'Citroën',
  Chevrolet: 'Chevrolet',
  Toyota: 'Toyota',
  'Mercedes Benz': 'Mercedes Benz',
  Scania: 'Scania',
  Iveco: 'Iveco',
};

/** Default code templates per aftermarket brand (a part type may override them). */
const BRAND_CODES: Record<string, Templates> = {
  Bosch: ['0 986 {a} {b}', '0986.{a}.{b}', '0986{d}'],
  NGK: ['NGK{d}', 'NGK-{d}', 'NGK {d}'],
  Champion: ['CH{d}', 'CH-{d}'],
  SKF: ['VKBA {d}', 'VKBA{d}'],
  Mahle: ['MH-{d}', '{a}.{b}'],
  Fram: ['PH{d}', 'PH {d}'],
  Wega: ['WO-{d}', 'WO{d}'],
  Valeo: ['{d}', 'VL{d}'],
  Gates: ['{d}XS', 'K{d}XS'],
  Dayco: ['KTB {d}', 'DY{d}'],
  Corven: ['CV {d}', 'CV-{d}'],
  'Fric-Rot': ['FR {d}', 'FR-{d}', 'FR{d}'],
  Ferodo: ['FDB{d}', 'FDB {d}'],
  Cobreq: ['N-{d}', 'N{d}'],
  Monroe: ['G{d}', 'SP{d}', 'D {d}'],
  Taranto: ['{d}', '{a}.{b}', 'T{d}'],
  Sabó: ['{d}BR', '{d}BRG', 'SB {d}'],
  Sachs: ['3000 {a} {b}', '1864 {a} {b}', '3000{d}'],
  Luk: ['620 {a} {b}', '623{d}'],
  Dolz: ['D{d}', 'A-{d}'],
  'Magneti Marelli': ['MM {d}', '06{d}', 'IWP{d}'],
  Osram: ['OS {d}', '64{d}'],
  Philips: ['PH-L{d}', '12{d}C'],
  Hella: ['1AH {a} {b}', '9GH-{d}'],
  Moura: ['M{d}', 'M {d}'],
  Bahco: ['BE-{d}', '1-{a}-{b}', 'BH{d}'],
  Stanley: ['STHT{d}', 'ST-{a}-{b}', '0-{a}-{b}'],
  Bremen: ['BR{d}', 'BR-{d}'],
  Crossmaster: ['CM {a}.{b}', '99{d}'],
  Lüsqtoff: ['LQ-{d}', 'LQ{d}'],
  Gamma: ['G{d}', 'G-{d}'],
  Schulz: ['SCH {a}.{b}', 'SZ{d}'],
  Kärcher: ['1.{a}-{b}', 'K{d}'],
  YPF: ['YPF{d}', 'ELA-{d}'],
  Shell: ['SH{d}', 'SHL-{d}'],
  Castrol: ['CAS {d}', 'CT{d}'],
  Total: ['TT{d}', 'TOT-{d}'],
  Motul: ['MT{d}', 'MOT {d}'],
  Würth: ['0893 {a} {b}', '08{d}'],
  Loctite: ['LOC-{d}', 'LT{d}'],
  '3M': ['3M-{d}', '70{d}'],
  Norton: ['NT{d}', '66{d}'],
  Tyrolit: ['TY {d}', '34{d}'],
  Fischer: ['FI{d}', 'FIS-{d}'],
  Simoniz: ['SMZ{d}', 'SZ-{d}'],
};

// ---------------------------------------------------------------------------------------------
// Part types: what a description says, where it sits in the tree, what it costs

interface PartType {
  l1: Level1;
  l2: string;
  /** Level 3 subcategory; when absent the brand is level 3 (Repuestos). */
  l3?: string;
  /** Relative frequency. */
  w: number;
  /** Ways the counter writes the part name. */
  nouns: readonly string[];
  /** Optional qualifiers (position, material…). */
  quals?: readonly string[];
  brands: readonly string[];
  /** Vehicle application: none, cars, heavy vehicles or any. */
  fit: 'none' | 'car' | 'heavy' | 'any';
  /** Chance that the part is an original part of the vehicle's maker. */
  oem?: number;
  /** List-1 price range in ARS. */
  price: readonly [number, number];
  /** Specification text (sizes in mm, V, W…), possibly per brand. */
  spec?: (r: Rng, brand: string) => string;
  /** Alternative sales unit and its chance (otherwise "1 unidad"). */
  unit?: readonly [string, number];
  /** Code templates per brand overriding {@link BRAND_CODES}. */
  codes?: Readonly<Record<string, Templates>>;
  /** Image file stem; defaults to the first noun as a slug. */
  slug?: string;
}

const NGK_MODELS = ['BP5ES', 'BP6ES', 'BPR6ES', 'BKR5E', 'BKR6E-11', 'BCPR6ES', 'LFR5A-11', 'DCPR7E', 'ZFR5F-11', 'BP7ES'];
const BOSCH_PLUGS = ['WR7DC', 'WR8DC', 'FR7DC+', 'WR7DCX', 'FR8DPP33+', 'W7DC'];
const CHAMPION_PLUGS = ['RN9YC', 'RC12YC', 'N9YC', 'RN12YC'];
const BEARINGS = [
  '6202-2RS 15 x 35 x 11 mm',
  '6203-2RS 17 x 40 x 12 mm',
  '6204-2RS 20 x 47 x 14 mm',
  '6205-2RS 25 x 52 x 15 mm',
  '6206-2RS 30 x 62 x 16 mm',
  '6304-2RS 20 x 52 x 15 mm',
  '6305-2RS 25 x 62 x 17 mm',
  '30205 25 x 52 x 16,25 mm',
  '32007 35 x 62 x 18 mm',
];
const BULBS = [
  'H4 12V 60/55W',
  'H7 12V 55W',
  'H1 12V 55W',
  'H3 24V 70W',
  'P21W 12V 21W',
  'P21/5W 12V',
  'R5W 12V 5W',
  'W5W 12V 5W',
  'H4 24V 75/70W',
];
const OILS = ['15W40', '10W40', '5W30', '20W50', '5W40', '25W60'];

const diameter = (r: Rng, values: readonly number[]): string => `Ø ${r.pick(values)} mm`;

const TYPES: readonly PartType[] = [
  // Repuestos › Filtros
  {
    l1: 'Repuestos',
    l2: 'Filtros',
    w: 30,
    nouns: ['Filtro de aceite', 'Filtro aceite'],
    brands: ['Fram', 'Mahle', 'Wega', 'Bosch'],
    fit: 'any',
    price: [4_500, 38_000],
    quals: ['', '', 'blindado', 'ecológico'],
    codes: {
      Fram: ['PH{d}', 'PH {d}'],
      Mahle: ['OC {c}/{e}', 'OX {d}D'],
      Wega: ['WO-{d}', 'WOE-{d}'],
      Bosch: ['F 026 {a} {b}', 'F026.{a}.{b}', '0 451 {a} {b}'],
    },
  },
  {
    l1: 'Repuestos',
    l2: 'Filtros',
    w: 24,
    nouns: ['Filtro de aire', 'Filtro aire'],
    brands: ['Fram', 'Mahle', 'Wega', 'Bosch'],
    fit: 'any',
    price: [6_000, 65_000],
    quals: ['', 'panel', 'redondo', 'cónico'],
    codes: {
      Fram: ['CA{d}', 'CA {d}'],
      Mahle: ['LX {c}/{e}', 'LX{d}'],
      Wega: ['FAP-{d}', 'JFA-{d}'],
      Bosch: ['F 026 {a} {b}', '1 457 {a} {b}'],
    },
  },
  {
    l1: 'Repuestos',
    l2: 'Filtros',
    w: 16,
    nouns: ['Filtro de combustible', 'Filtro de nafta', 'Filtro de gasoil'],
    brands: ['Fram', 'Mahle', 'Wega', 'Bosch'],
    fit: 'any',
    price: [5_000, 72_000],
    quals: ['', 'con decantador', 'en línea'],
    codes: {
      Fram: ['G{d}', 'PS{d}'],
      Mahle: ['KL {c}/{e}', 'KC{d}'],
      Wega: ['FCI-{d}', 'FCD-{d}'],
      Bosch: ['0 450 {a} {b}', 'F 026 {a} {b}'],
    },
  },
  {
    l1: 'Repuestos',
    l2: 'Filtros',
    w: 8,
    nouns: ['Filtro de habitáculo', 'Filtro de aire acondicionado'],
    brands: ['Fram', 'Mahle', 'Wega'],
    fit: 'car',
    price: [7_000, 42_000],
    quals: ['', 'con carbón activado'],
    codes: { Fram: ['CF{d}'], Mahle: ['LA {c}/{e}'], Wega: ['AKX-{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Filtros',
    w: 4,
    nouns: ['Kit de filtros', 'Kit service filtros'],
    quals: ['aceite, aire y combustible', 'aceite y aire'],
    brands: ['Fram', 'Wega', 'Mahle'],
    fit: 'car',
    price: [18_000, 110_000],
    unit: ['Kit', 0.8],
  },

  // Repuestos › Encendido
  {
    l1: 'Repuestos',
    l2: 'Encendido',
    w: 26,
    nouns: ['Bujía', 'Bujía de encendido', 'Bujía encendido'],
    brands: ['NGK', 'Bosch', 'Champion'],
    fit: 'car',
    price: [3_200, 28_000],
    unit: ['Juego x 4', 0.25],
    slug: 'bujia',
    spec: (r, brand) => {
      const model = r.pick(brand === 'NGK' ? NGK_MODELS : brand === 'Bosch' ? BOSCH_PLUGS : CHAMPION_PLUGS);
      return r.chance(0.3) ? `${model} rosca 14 mm` : model;
    },
    codes: { Bosch: ['0 242 {a} {b}', '0242.{a}.{b}', '0242{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Encendido',
    w: 8,
    nouns: ['Juego de cables de bujía', 'Cables de bujía'],
    brands: ['NGK', 'Bosch'],
    fit: 'car',
    price: [12_000, 85_000],
    quals: ['', 'silicona 7 mm', 'supresión'],
    unit: ['Juego x 4', 0.5],
    codes: { Bosch: ['0 986 {a} {b}', '0986{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Encendido',
    w: 10,
    nouns: ['Bobina de encendido', 'Bobina encendido'],
    brands: ['Bosch', 'Magneti Marelli', 'NGK'],
    fit: 'car',
    price: [25_000, 210_000],
    spec: () => '12V',
    quals: ['', 'doble chispa', 'tipo lápiz'],
    codes: { Bosch: ['0 221 {a} {b}', '0221{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Encendido',
    w: 7,
    nouns: ['Sensor de posición de cigüeñal', 'Sensor de rotación del cigüeñal', 'Sensor de oxígeno', 'Sensor de temperatura'],
    brands: ['Bosch', 'Magneti Marelli', 'NGK'],
    fit: 'car',
    price: [14_000, 160_000],
    codes: { Bosch: ['0 261 {a} {b}', '0 258 {a} {b}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Encendido',
    w: 4,
    nouns: ['Distribuidor de encendido', 'Tapa de distribuidor', 'Rotor de distribuidor'],
    brands: ['Bosch', 'Magneti Marelli'],
    fit: 'car',
    price: [6_000, 190_000],
    codes: { Bosch: ['1 235 {a} {b}', '1 234 {a} {b}'] },
  },

  // Repuestos › Motor
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 14,
    nouns: ['Junta de tapa de cilindros', 'Junta tapa de cilindros', 'Junta de tapa cilindros'],
    brands: ['Taranto', 'Mahle', 'Sabó'],
    fit: 'any',
    oem: 0.15,
    price: [9_000, 185_000],
    quals: ['', 'multicapa', 'con asbesto', 'sin asbesto'],
    spec: (r) => (r.chance(0.3) ? `espesor 1,${r.range(1, 9)} mm` : ''),
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 8,
    nouns: ['Juego de juntas de motor', 'Juego juntas completo'],
    brands: ['Taranto', 'Sabó'],
    fit: 'any',
    oem: 0.1,
    price: [35_000, 420_000],
    quals: ['', 'con retenes', 'descarbonización'],
    unit: ['Kit', 0.5],
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 10,
    nouns: ['Retén de cigüeñal', 'Retén cigüeñal'],
    quals: ['delantero', 'trasero'],
    brands: ['Sabó', 'Taranto', 'SKF'],
    fit: 'any',
    oem: 0.15,
    price: [3_500, 48_000],
    spec: (r) => `${r.range(30, 110)} x ${r.range(45, 130)} x ${r.range(7, 14)} mm`,
    codes: { SKF: ['CR {d}', 'CR{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 4,
    nouns: ['Polea de cigüeñal', 'Polea damper de cigüeñal'],
    brands: ['Dayco', 'Gates', 'Taranto'],
    fit: 'any',
    oem: 0.3,
    price: [28_000, 260_000],
    quals: ['', 'reforzada', 'con chaveta'],
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 3,
    nouns: ['Cigüeñal', 'Cigüeñal completo'],
    brands: ['Taranto', 'Mahle'],
    fit: 'any',
    oem: 0.4,
    price: [240_000, 890_000],
    quals: ['', 'rectificado', 'nuevo', 'forjado'],
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 7,
    nouns: ['Juego de cojinetes de biela', 'Juego de cojinetes de bancada', 'Cojinetes de cigüeñal'],
    brands: ['Mahle', 'Taranto'],
    fit: 'any',
    price: [15_000, 160_000],
    quals: ['STD', '0,25', '0,50', '0,75'],
    unit: ['Kit', 0.3],
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 7,
    nouns: ['Piñón de distribución', 'Piñón de cigüeñal', 'Piñón de árbol de levas'],
    brands: ['SKF', 'Gates', 'Dayco', 'Taranto'],
    fit: 'any',
    oem: 0.35,
    price: [9_000, 140_000],
    spec: (r) => `${r.range(18, 46)} dientes`,
    codes: { SKF: ['VKM {d}', 'VKM{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 6,
    nouns: ['Árbol de levas', 'Arbol de levas'],
    brands: ['Mahle', 'Taranto'],
    fit: 'any',
    oem: 0.35,
    price: [60_000, 650_000],
    quals: ['', 'admisión', 'escape'],
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 9,
    nouns: ['Válvula de admisión', 'Válvula de escape', 'Juego de válvulas'],
    brands: ['Mahle', 'Taranto'],
    fit: 'any',
    oem: 0.15,
    price: [4_500, 120_000],
    spec: (r) => `${diameter(r, [28, 30, 32, 34, 36, 38, 40, 42])} vástago ${r.pick(['7', '8', '9'])} mm`,
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 6,
    nouns: ['Juego de aros de pistón', 'Aros de pistón', 'Pistón con aros'],
    brands: ['Mahle', 'Taranto'],
    fit: 'any',
    price: [18_000, 260_000],
    quals: ['STD', '0,40', '0,60', '1,00'],
    spec: (r) => diameter(r, [76, 79, 80, 83, 86, 89, 92, 97, 102]),
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 12,
    nouns: ['Correa de distribución', 'Correa distribución'],
    brands: ['Gates', 'Dayco', 'Bosch'],
    fit: 'car',
    price: [9_000, 95_000],
    spec: (r) => `${r.range(97, 163)} dientes ${r.pick(['19', '22', '25', '25,4', '27', '30'])} mm`,
    codes: { Bosch: ['1 987 {a} {b}', '1987{d}'] },
    slug: 'correa-distribucion',
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 8,
    nouns: ['Kit de distribución', 'Kit distribución con bomba de agua'],
    brands: ['Gates', 'Dayco', 'SKF'],
    fit: 'car',
    price: [45_000, 380_000],
    unit: ['Kit', 0.9],
    codes: { SKF: ['VKMA {d}', 'VKMC {d}'], Gates: ['K{d}XS', 'KP{d}XS'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 7,
    nouns: ['Tensor de distribución', 'Rodillo tensor de correa'],
    brands: ['SKF', 'Gates', 'Dayco'],
    fit: 'car',
    price: [14_000, 120_000],
    codes: { SKF: ['VKM {d}'], Gates: ['T{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 10,
    nouns: ['Correa poly-V', 'Correa de alternador', 'Correa multicanal'],
    brands: ['Gates', 'Dayco', 'Bosch'],
    fit: 'any',
    price: [4_500, 48_000],
    spec: (r) => `${r.range(3, 8)}PK ${r.range(70, 250) * 10}`,
    codes: { Gates: ['PV{d}', 'PK-{d}'], Dayco: ['DPK{d}', 'DPK {d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 6,
    nouns: ['Inyector', 'Inyector de combustible', 'Inyector de nafta'],
    quals: ['para inyección multipunto', 'para inyección monopunto', 'common rail', ''],
    brands: ['Bosch', 'Magneti Marelli'],
    fit: 'any',
    price: [35_000, 420_000],
    codes: { Bosch: ['0 280 {a} {b}', '0280.{a}.{b}', '0 445 {a} {b}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 3,
    nouns: ['Bomba de inyección', 'Bomba inyectora'],
    quals: ['', 'rotativa', 'lineal', 'reconstruida'],
    brands: ['Bosch'],
    fit: 'any',
    price: [280_000, 890_000],
    codes: { Bosch: ['0 460 {a} {b}', '0 440 {a} {b}', '0402.{a}.{b}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 5,
    nouns: ['Bomba de aceite', 'Bomba aceite'],
    brands: ['Mahle', 'Taranto'],
    fit: 'any',
    oem: 0.25,
    price: [30_000, 420_000],
  },
  {
    l1: 'Repuestos',
    l2: 'Motor',
    w: 4,
    nouns: ['Soporte de motor', 'Taco de motor'],
    quals: ['delantero', 'trasero', 'izquierdo', 'derecho'],
    brands: ['Corven', 'Taranto'],
    fit: 'car',
    oem: 0.2,
    price: [8_000, 95_000],
  },

  // Repuestos › Frenos
  {
    l1: 'Repuestos',
    l2: 'Frenos',
    w: 22,
    nouns: ['Pastillas de freno', 'Pastillas freno', 'Juego de pastillas de freno'],
    quals: ['delanteras', 'traseras', 'delanteras cerámicas', 'con sensor'],
    brands: ['Fric-Rot', 'Ferodo', 'Bosch', 'Cobreq'],
    fit: 'any',
    price: [9_000, 145_000],
    unit: ['Juego x 4', 0.55],
    spec: (r) => (r.chance(0.35) ? `espesor ${r.range(14, 20)},${r.pick(['0', '5'])} mm` : ''),
  },
  {
    l1: 'Repuestos',
    l2: 'Frenos',
    w: 12,
    nouns: ['Disco de freno', 'Disco freno'],
    quals: ['ventilado', 'macizo', 'delantero ventilado', 'trasero'],
    brands: ['Fric-Rot', 'Bosch', 'Ferodo'],
    fit: 'any',
    price: [22_000, 260_000],
    unit: ['Par', 0.4],
    spec: (r) => `Ø ${r.range(236, 320)} mm`,
    codes: { Ferodo: ['DDF{d}', 'DDF {d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Frenos',
    w: 7,
    nouns: ['Juego de zapatas de freno', 'Zapatas de freno', 'Cintas de freno'],
    quals: ['', 'traseras', 'con palanca'],
    brands: ['Fric-Rot', 'Ferodo', 'Cobreq'],
    fit: 'any',
    price: [14_000, 180_000],
    unit: ['Juego x 4', 0.4],
    spec: (r) => `${diameter(r, [180, 200, 203, 220, 228, 254])} x ${r.range(30, 60)} mm`,
  },
  {
    l1: 'Repuestos',
    l2: 'Frenos',
    w: 7,
    nouns: ['Bomba de freno', 'Cilindro de rueda', 'Bombín de freno'],
    brands: ['Fric-Rot', 'Bosch'],
    fit: 'any',
    oem: 0.1,
    price: [12_000, 210_000],
    spec: (r) => `Ø ${r.pick(['19,05', '20,64', '22,22', '23,81', '25,40'])} mm`,
  },
  {
    l1: 'Repuestos',
    l2: 'Frenos',
    w: 4,
    nouns: ['Flexible de freno', 'Caño de freno'],
    quals: ['delantero', 'trasero', 'izquierdo', 'derecho'],
    brands: ['Fric-Rot', 'Cobreq'],
    fit: 'any',
    price: [3_500, 28_000],
  },

  // Repuestos › Suspensión
  {
    l1: 'Repuestos',
    l2: 'Suspensión',
    w: 16,
    nouns: ['Amortiguador', 'Amortiguador de suspensión'],
    quals: ['delantero', 'trasero', 'delantero a gas', 'trasero hidráulico', 'de cabina'],
    brands: ['Corven', 'Fric-Rot', 'Monroe'],
    fit: 'any',
    price: [38_000, 420_000],
    unit: ['Par', 0.3],
  },
  {
    l1: 'Repuestos',
    l2: 'Suspensión',
    w: 9,
    nouns: ['Brazo de suspensión', 'Parrilla de suspensión'],
    quals: ['inferior lado izquierdo', 'inferior lado derecho', 'superior', 'eje delantero'],
    brands: ['Corven', 'Fric-Rot'],
    fit: 'car',
    oem: 0.1,
    price: [25_000, 240_000],
  },
  {
    l1: 'Repuestos',
    l2: 'Suspensión',
    w: 9,
    nouns: ['Extremo de dirección', 'Rótula de dirección', 'Barra de dirección'],
    quals: ['lado izquierdo', 'lado derecho', 'interior', 'exterior'],
    brands: ['Corven', 'Fric-Rot', 'SKF'],
    fit: 'any',
    price: [9_000, 95_000],
    codes: { SKF: ['VKDY {d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Suspensión',
    w: 5,
    nouns: ['Bomba de dirección hidráulica', 'Caja de dirección', 'Cremallera de dirección'],
    brands: ['Corven', 'Bosch'],
    fit: 'any',
    oem: 0.3,
    price: [95_000, 890_000],
    quals: ['', 'reconstruida', 'nueva'],
    codes: { Bosch: ['K S01 {a} {b}', '7691{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Suspensión',
    w: 6,
    nouns: ['Buje de parrilla', 'Bieleta de suspensión', 'Buje de muñón'],
    quals: ['', 'eje delantero', 'eje trasero', 'de goma', 'de poliuretano'],
    brands: ['Corven', 'Fric-Rot', 'Monroe'],
    fit: 'any',
    price: [3_000, 38_000],
    unit: ['Par', 0.3],
  },
  {
    l1: 'Repuestos',
    l2: 'Suspensión',
    w: 4,
    nouns: ['Espiral de suspensión', 'Elástico de suspensión'],
    quals: ['delantero', 'trasero', 'reforzado'],
    brands: ['Corven', 'Fric-Rot'],
    fit: 'any',
    price: [28_000, 260_000],
    unit: ['Par', 0.5],
  },

  // Repuestos › Transmisión
  {
    l1: 'Repuestos',
    l2: 'Transmisión',
    w: 12,
    nouns: ['Kit de embrague', 'Embrague completo', 'Disco de embrague', 'Placa de embrague'],
    brands: ['Valeo', 'Sachs', 'Luk'],
    fit: 'any',
    price: [45_000, 890_000],
    unit: ['Kit', 0.45],
    spec: (r) => diameter(r, [180, 190, 200, 215, 228, 240, 280, 330, 380, 430]),
  },
  {
    l1: 'Repuestos',
    l2: 'Transmisión',
    w: 7,
    nouns: ['Rulemán de embrague', 'Rodamiento de embrague', 'Crapodina'],
    brands: ['SKF', 'Valeo', 'Sachs'],
    fit: 'any',
    price: [9_000, 120_000],
    codes: { SKF: ['VKC {d}', 'VKC{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Transmisión',
    w: 10,
    nouns: ['Rodamiento', 'Rodamiento rígido de bolillas', 'Rodamiento cónico'],
    brands: ['SKF'],
    fit: 'none',
    price: [2_500, 65_000],
    spec: (r) => r.pick(BEARINGS),
    codes: { SKF: ['SKF{d}', 'SKF-{d}', 'RB {d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Transmisión',
    w: 8,
    nouns: ['Rodamiento de rueda', 'Kit rodamiento de rueda', 'Maza de rueda'],
    quals: ['eje delantero', 'eje trasero', 'con ABS'],
    brands: ['SKF', 'Corven'],
    fit: 'any',
    price: [18_000, 230_000],
    codes: { SKF: ['VKBA {d}', 'BAH-{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Transmisión',
    w: 6,
    nouns: ['Junta homocinética', 'Homocinética'],
    quals: ['lado rueda', 'lado caja', 'con ABS'],
    brands: ['SKF', 'Corven'],
    fit: 'car',
    price: [32_000, 260_000],
    codes: { SKF: ['VKJA {d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Transmisión',
    w: 4,
    nouns: ['Corona y piñón', 'Piñón de caja de cambios', 'Piñón de ataque'],
    brands: ['Taranto', 'SKF'],
    fit: 'any',
    oem: 0.4,
    price: [60_000, 890_000],
    spec: (r) => `${r.range(9, 14)}/${r.range(37, 47)}`,
  },
  {
    l1: 'Repuestos',
    l2: 'Transmisión',
    w: 4,
    nouns: ['Cruceta de cardán', 'Soporte de cardán'],
    brands: ['SKF', 'Corven'],
    fit: 'any',
    price: [12_000, 140_000],
    spec: (r) => `${r.range(22, 57)} x ${r.range(50, 160)} mm`,
  },

  // Repuestos › Refrigeración
  {
    l1: 'Repuestos',
    l2: 'Refrigeración',
    w: 12,
    nouns: ['Bomba de agua', 'Bomba agua'],
    brands: ['SKF', 'Dolz', 'Gates', 'Valeo'],
    fit: 'any',
    oem: 0.15,
    price: [18_000, 280_000],
    quals: ['', 'con junta', 'con polea'],
    codes: { SKF: ['VKPC {d}', 'VKPC{d}'], Gates: ['WP{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Refrigeración',
    w: 6,
    nouns: ['Termostato', 'Válvula termostática'],
    brands: ['Valeo', 'Gates', 'Dolz'],
    fit: 'any',
    price: [6_000, 75_000],
    spec: (r) => `${r.pick(['82', '83', '87', '88', '92'])} °C`,
    codes: { Gates: ['TH{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Refrigeración',
    w: 6,
    nouns: ['Radiador', 'Radiador de agua'],
    quals: ['', 'aluminio', 'cobre', 'con aire acondicionado'],
    brands: ['Valeo', 'Dolz'],
    fit: 'any',
    price: [85_000, 760_000],
  },
  {
    l1: 'Repuestos',
    l2: 'Refrigeración',
    w: 6,
    nouns: ['Manguera de radiador', 'Manguera de agua'],
    quals: ['superior', 'inferior', 'de calefacción'],
    brands: ['Gates', 'Dayco'],
    fit: 'any',
    price: [4_000, 45_000],
    unit: ['Metro', 0.2],
    spec: (r) => diameter(r, [16, 19, 25, 32, 38, 45]),
  },
  {
    l1: 'Repuestos',
    l2: 'Refrigeración',
    w: 4,
    nouns: ['Electroventilador', 'Motor de electroventilador'],
    brands: ['Valeo', 'Bosch'],
    fit: 'car',
    price: [60_000, 380_000],
    spec: (r) => `12V ${r.pick([120, 180, 250, 300])}W`,
  },

  // Repuestos › Electricidad
  {
    l1: 'Repuestos',
    l2: 'Electricidad',
    w: 12,
    nouns: ['Lámpara', 'Lámpara halógena', 'Lámpara de faro'],
    brands: ['Osram', 'Philips', 'Hella'],
    fit: 'none',
    price: [900, 24_000],
    unit: ['Caja x 10', 0.2],
    spec: (r) => r.pick(BULBS),
  },
  {
    l1: 'Repuestos',
    l2: 'Electricidad',
    w: 6,
    nouns: ['Alternador', 'Alternador reconstruido'],
    brands: ['Bosch', 'Valeo', 'Magneti Marelli'],
    fit: 'any',
    price: [140_000, 890_000],
    spec: (r) => `12V ${r.pick([55, 65, 70, 90, 120])}A`,
    codes: { Bosch: ['0 124 {a} {b}', '0124{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Electricidad',
    w: 5,
    nouns: ['Motor de arranque', 'Burro de arranque'],
    brands: ['Bosch', 'Valeo'],
    fit: 'any',
    price: [150_000, 890_000],
    spec: (r) => r.pick(['12V 1,0 kW', '12V 1,4 kW', '12V 1,7 kW', '24V 4 kW', '24V 5,5 kW']),
    codes: { Bosch: ['0 001 {a} {b}', '0001{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Electricidad',
    w: 4,
    nouns: ['Regulador de voltaje', 'Regulador de alternador'],
    brands: ['Bosch', 'Magneti Marelli'],
    fit: 'any',
    price: [9_000, 85_000],
    spec: (r) => r.pick(['14,4V', '14,2V', '28V']),
    codes: { Bosch: ['F 00M {a} {b}', 'F00M{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Electricidad',
    w: 5,
    nouns: ['Batería', 'Batería libre de mantenimiento'],
    brands: ['Moura', 'Bosch'],
    fit: 'any',
    price: [95_000, 690_000],
    spec: (r) => `12V ${r.pick([45, 55, 65, 75, 90, 110, 180])}Ah`,
    codes: { Bosch: ['0 092 S{d}', '0092{d}'] },
  },
  {
    l1: 'Repuestos',
    l2: 'Electricidad',
    w: 4,
    nouns: ['Cable unipolar', 'Cable para batería'],
    brands: ['Hella', 'Bosch'],
    fit: 'none',
    price: [600, 9_500],
    unit: ['Metro', 0.9],
    spec: (r) => `${r.pick(['1', '1,5', '2,5', '4', '16', '25'])} mm²`,
  },
  {
    l1: 'Repuestos',
    l2: 'Electricidad',
    w: 4,
    nouns: ['Fusible tipo uña', 'Relay', 'Relé de luces'],
    brands: ['Hella', 'Bosch'],
    fit: 'none',
    price: [500, 18_000],
    unit: ['Caja x 10', 0.5],
    spec: (r) => `${r.pick(['12V', '24V'])} ${r.pick([10, 15, 20, 30, 40])}A`,
  },
  {
    l1: 'Repuestos',
    l2: 'Electricidad',
    w: 4,
    nouns: ['Óptica delantera', 'Faro trasero', 'Faro antiniebla'],
    quals: ['lado izquierdo', 'lado derecho', ''],
    brands: ['Hella', 'Valeo'],
    fit: 'car',
    price: [28_000, 360_000],
  },

  // Herramientas
  {
    l1: 'Herramientas',
    l2: 'Manuales',
    l3: 'Llaves',
    w: 8,
    nouns: ['Llave combinada', 'Juego de llaves combinadas', 'Llave francesa'],
    brands: ['Bahco', 'Stanley', 'Bremen', 'Crossmaster'],
    fit: 'none',
    price: [2_500, 160_000],
    spec: (r) => (r.chance(0.5) ? `${r.range(6, 32)} mm` : `${r.range(6, 10)} a ${r.range(19, 32)} mm`),
  },
  {
    l1: 'Herramientas',
    l2: 'Manuales',
    l3: 'Destornilladores',
    w: 5,
    nouns: ['Destornillador Phillips', 'Destornillador plano', 'Juego de destornilladores'],
    brands: ['Bahco', 'Stanley', 'Bremen'],
    fit: 'none',
    price: [1_800, 60_000],
    spec: (r) => `${r.pick(['PH1', 'PH2', 'PH3', '5,5', '6,5', '8'])} x ${r.pick([75, 100, 125, 150, 200])} mm`,
  },
  {
    l1: 'Herramientas',
    l2: 'Manuales',
    l3: 'Alicates',
    w: 4,
    nouns: ['Pinza universal', 'Alicate de corte', 'Pinza pico de loro'],
    brands: ['Bahco', 'Stanley', 'Bremen', 'Crossmaster'],
    fit: 'none',
    price: [6_000, 55_000],
    spec: (r) => `${r.pick([160, 180, 200, 250, 300])} mm`,
  },
  {
    l1: 'Herramientas',
    l2: 'Manuales',
    l3: 'Tubos',
    w: 4,
    nouns: ['Juego de tubos con crique', 'Tubo hexagonal', 'Crique reversible'],
    brands: ['Bahco', 'Stanley', 'Crossmaster'],
    fit: 'none',
    price: [4_000, 280_000],
    spec: (r) => `${r.pick(['encastre 1/4', 'encastre 3/8', 'encastre 1/2'])} ${r.range(8, 32)} mm`,
  },
  {
    l1: 'Herramientas',
    l2: 'Eléctricas',
    l3: 'Taladros',
    w: 3,
    nouns: ['Taladro percutor', 'Taladro atornillador'],
    brands: ['Bosch', 'Stanley', 'Lüsqtoff', 'Gamma'],
    fit: 'none',
    price: [45_000, 420_000],
    spec: (r) => `${r.pick([10, 13])} mm ${r.pick([550, 650, 750, 850, 1050])}W`,
    codes: { Bosch: ['0 601 {a} {b}', '06011{d}'] },
  },
  {
    l1: 'Herramientas',
    l2: 'Eléctricas',
    l3: 'Amoladoras',
    w: 3,
    nouns: ['Amoladora angular', 'Amoladora'],
    brands: ['Bosch', 'Stanley', 'Lüsqtoff', 'Gamma'],
    fit: 'none',
    price: [48_000, 390_000],
    spec: (r) => `${r.pick([115, 125, 180, 230])} mm ${r.pick([700, 850, 900, 2000, 2200])}W`,
    codes: { Bosch: ['0 601 {a} {b}'] },
  },
  {
    l1: 'Herramientas',
    l2: 'Eléctricas',
    l3: 'Atornilladores',
    w: 2,
    nouns: ['Atornillador inalámbrico', 'Llave de impacto inalámbrica'],
    brands: ['Bosch', 'Stanley', 'Lüsqtoff'],
    fit: 'none',
    price: [65_000, 520_000],
    spec: (r) => `${r.pick([12, 18, 20])}V`,
  },
  {
    l1: 'Herramientas',
    l2: 'Medición',
    l3: 'Calibres',
    w: 2,
    nouns: ['Calibre digital', 'Calibre pie de rey', 'Micrómetro'],
    brands: ['Stanley', 'Bahco', 'Bremen'],
    fit: 'none',
    price: [12_000, 180_000],
    spec: (r) => `${r.pick([0, 25, 150, 200, 300])} mm`,
  },
  {
    l1: 'Herramientas',
    l2: 'Medición',
    l3: 'Multímetros',
    w: 2,
    nouns: ['Multímetro digital', 'Pinza amperométrica', 'Probador de baterías'],
    brands: ['Bremen', 'Gamma', 'Bosch'],
    fit: 'none',
    price: [14_000, 240_000],
    spec: (r) => `${r.pick([600, 750, 1000])}V`,
  },
  {
    l1: 'Herramientas',
    l2: 'Medición',
    l3: 'Torquímetros',
    w: 2,
    nouns: ['Torquímetro', 'Llave dinamométrica'],
    brands: ['Bahco', 'Stanley', 'Crossmaster'],
    fit: 'none',
    price: [55_000, 480_000],
    spec: (r) => `${r.pick(['3/8', '1/2'])} ${r.range(5, 40)}-${r.range(100, 350)} Nm`,
  },
  {
    l1: 'Herramientas',
    l2: 'Medición',
    l3: 'Cintas métricas',
    w: 2,
    nouns: ['Cinta métrica', 'Flexómetro'],
    brands: ['Stanley', 'Bahco', 'Bremen'],
    fit: 'none',
    price: [3_500, 32_000],
    spec: (r) => `${r.pick([3, 5, 8, 10])} m x ${r.pick([16, 19, 25])} mm`,
  },
  {
    l1: 'Herramientas',
    l2: 'Neumáticas',
    l3: 'Llaves de impacto',
    w: 2,
    nouns: ['Llave de impacto neumática', 'Pistola de impacto'],
    brands: ['Bahco', 'Crossmaster', 'Lüsqtoff'],
    fit: 'none',
    price: [85_000, 650_000],
    spec: (r) => `${r.pick(['1/2', '3/4', '1'])} ${r.range(500, 1800)} Nm`,
  },
  {
    l1: 'Herramientas',
    l2: 'Neumáticas',
    l3: 'Pistolas',
    w: 2,
    nouns: ['Pistola de pintar', 'Pistola sopladora', 'Pistola para inflar'],
    brands: ['Crossmaster', 'Lüsqtoff', 'Gamma'],
    fit: 'none',
    price: [8_000, 160_000],
    spec: (r) => `pico ${r.pick(['1,4', '1,7', '2,0'])} mm`,
  },
  {
    l1: 'Herramientas',
    l2: 'Neumáticas',
    l3: 'Accesorios neumáticos',
    w: 2,
    nouns: ['Acople rápido', 'Manguera espiralada', 'Conector rápido'],
    brands: ['Crossmaster', 'Lüsqtoff'],
    fit: 'none',
    price: [1_500, 45_000],
    unit: ['Caja x 10', 0.2],
    spec: (r) => `${r.pick(['1/4', '3/8', '1/2'])} ${r.pick(['macho', 'hembra', ''])}`.trim(),
  },

  // Productos
  {
    l1: 'Productos',
    l2: 'Lubricantes',
    l3: 'Aceites de motor',
    w: 6,
    nouns: ['Aceite de motor', 'Aceite motor', 'Lubricante de motor'],
    quals: ['mineral', 'semisintético', 'sintético', 'diesel'],
    brands: ['YPF', 'Shell', 'Castrol', 'Total', 'Motul'],
    fit: 'none',
    price: [6_000, 260_000],
    unit: ['Litro', 0.35],
    spec: (r) => `${r.pick(OILS)} ${r.pick(['1 litro', '4 litros', 'bidón 20 litros'])}`,
  },
  {
    l1: 'Productos',
    l2: 'Lubricantes',
    l3: 'Aceites de caja',
    w: 2,
    nouns: ['Aceite de caja y diferencial', 'Aceite para transmisión automática'],
    brands: ['YPF', 'Shell', 'Castrol', 'Total'],
    fit: 'none',
    price: [7_000, 180_000],
    unit: ['Litro', 0.5],
    spec: (r) => r.pick(['80W90', '85W140', 'ATF Dexron III', '75W90']),
  },
  {
    l1: 'Productos',
    l2: 'Lubricantes',
    l3: 'Grasas',
    w: 2,
    nouns: ['Grasa multipropósito', 'Grasa de litio', 'Grasa para rodamientos'],
    brands: ['YPF', 'Shell', 'Castrol', 'Total'],
    fit: 'none',
    price: [4_500, 95_000],
    spec: (r) => r.pick(['500 g', '1 kg', '4 kg']),
  },
  {
    l1: 'Productos',
    l2: 'Lubricantes',
    l3: 'Fluidos',
    w: 2,
    nouns: ['Líquido de frenos', 'Refrigerante anticongelante', 'Líquido refrigerante'],
    brands: ['YPF', 'Shell', 'Motul', 'Total'],
    fit: 'none',
    price: [3_500, 60_000],
    unit: ['Litro', 0.3],
    spec: (r) => r.pick(['DOT 3', 'DOT 4', 'orgánico', 'concentrado', '1 litro', '5 litros']),
  },
  {
    l1: 'Productos',
    l2: 'Químicos',
    l3: 'Aditivos',
    w: 2,
    nouns: ['Limpia inyectores', 'Aditivo para combustible', 'Tapa fugas de radiador'],
    brands: ['Würth', 'Simoniz', 'Motul'],
    fit: 'none',
    price: [3_000, 38_000],
    spec: (r) => `${r.pick([250, 300, 354, 500])} ml`,
  },
  {
    l1: 'Productos',
    l2: 'Químicos',
    l3: 'Selladores',
    w: 2,
    nouns: ['Sellador de juntas siliconado', 'Traba roscas', 'Adhesivo instantáneo'],
    brands: ['Loctite', 'Würth', '3M'],
    fit: 'none',
    price: [2_800, 45_000],
    spec: (r) => `${r.pick([10, 20, 50, 85, 250])} ${r.pick(['g', 'ml'])}`,
  },
  {
    l1: 'Productos',
    l2: 'Químicos',
    l3: 'Limpiadores',
    w: 2,
    nouns: ['Desengrasante de motor', 'Limpia contactos', 'Limpia carburador'],
    brands: ['Würth', 'Simoniz', '3M'],
    fit: 'none',
    price: [2_500, 40_000],
    unit: ['Caja x 10', 0.1],
    spec: (r) => `${r.pick([220, 300, 440, 500])} ml`,
  },
  {
    l1: 'Productos',
    l2: 'Accesorios',
    l3: 'Seguridad',
    w: 2,
    nouns: ['Matafuego', 'Kit de seguridad vial', 'Baliza triangular'],
    brands: ['Hella', '3M', 'Gamma'],
    fit: 'none',
    price: [6_000, 85_000],
    unit: ['Kit', 0.3],
    spec: (r) => r.pick(['1 kg', '2,5 kg', 'reglamentario', '']),
  },
  {
    l1: 'Productos',
    l2: 'Accesorios',
    l3: 'Interior',
    w: 2,
    nouns: ['Cubre volante', 'Alfombra de goma', 'Funda cubre asiento'],
    brands: ['Gamma', 'Simoniz'],
    fit: 'car',
    price: [4_000, 75_000],
    unit: ['Juego x 4', 0.2],
  },
  {
    l1: 'Productos',
    l2: 'Accesorios',
    l3: 'Limpiaparabrisas',
    w: 3,
    nouns: ['Escobilla limpiaparabrisas', 'Escobilla limpiaparabrisas flat'],
    brands: ['Bosch', 'Valeo', 'Hella'],
    fit: 'car',
    price: [5_000, 48_000],
    unit: ['Par', 0.4],
    spec: (r) => `${r.range(14, 26) * 25} mm`,
    codes: { Bosch: ['3 397 {a} {b}', '3397{d}'] },
  },

  // Maquinaria
  {
    l1: 'Maquinaria',
    l2: 'Compresores',
    l3: 'Compresores de pistón',
    w: 1.5,
    nouns: ['Compresor de aire', 'Motocompresor'],
    brands: ['Schulz', 'Lüsqtoff', 'Gamma'],
    fit: 'none',
    price: [180_000, 890_000],
    spec: (r) => `${r.pick([25, 50, 100, 200])} litros ${r.pick(['2 HP', '3 HP', '5,5 HP'])} ${r.pick(['220V', '380V'])}`,
  },
  {
    l1: 'Maquinaria',
    l2: 'Compresores',
    l3: 'Accesorios para compresores',
    w: 0.8,
    nouns: ['Regulador de presión', 'Filtro separador de agua', 'Presostato'],
    brands: ['Schulz', 'Lüsqtoff'],
    fit: 'none',
    price: [9_000, 120_000],
    spec: (r) => `${r.pick(['1/4', '3/8', '1/2'])} ${r.pick([8, 10, 12])} bar`,
  },
  {
    l1: 'Maquinaria',
    l2: 'Elevadores',
    l3: 'Elevadores de columnas',
    w: 0.6,
    nouns: ['Elevador hidráulico de dos columnas', 'Elevador de tijera'],
    brands: ['Crossmaster', 'Lüsqtoff'],
    fit: 'none',
    price: [480_000, 900_000],
    spec: (r) => `${r.pick([3, 3.5, 4, 5])} toneladas ${r.pick(['220V', '380V'])}`,
  },
  {
    l1: 'Maquinaria',
    l2: 'Elevadores',
    l3: 'Criques',
    w: 1,
    nouns: ['Crique carrito', 'Crique botella', 'Caballete de apoyo'],
    brands: ['Bahco', 'Crossmaster', 'Lüsqtoff'],
    fit: 'none',
    price: [25_000, 520_000],
    unit: ['Par', 0.15],
    spec: (r) => `${r.pick([2, 3, 6, 12, 20])} toneladas`,
  },
  {
    l1: 'Maquinaria',
    l2: 'Lavado',
    l3: 'Hidrolavadoras',
    w: 1,
    nouns: ['Hidrolavadora', 'Hidrolavadora profesional'],
    brands: ['Kärcher', 'Lüsqtoff', 'Gamma'],
    fit: 'none',
    price: [120_000, 890_000],
    spec: (r) => `${r.pick([1400, 1600, 1800, 2200])}W ${r.pick([110, 130, 150, 170])} bar`,
  },
  {
    l1: 'Maquinaria',
    l2: 'Lavado',
    l3: 'Aspiradoras',
    w: 0.8,
    nouns: ['Aspiradora industrial', 'Aspiradora de polvo y agua'],
    brands: ['Kärcher', 'Lüsqtoff', 'Gamma'],
    fit: 'none',
    price: [85_000, 620_000],
    spec: (r) => `${r.pick([20, 30, 50, 80])} litros ${r.pick([1200, 1400, 1600])}W`,
  },

  // Insumos
  {
    l1: 'Insumos',
    l2: 'Abrasivos',
    l3: 'Discos de corte',
    w: 3,
    nouns: ['Disco de corte', 'Disco de corte para metal'],
    quals: ['', 'acero inoxidable', 'fino'],
    brands: ['Norton', 'Tyrolit', '3M'],
    fit: 'none',
    price: [900, 28_000],
    unit: ['Caja x 10', 0.5],
    spec: (r) => `${r.pick([115, 125, 180, 230])} x ${r.pick(['1', '1,6', '2', '3'])} mm`,
  },
  {
    l1: 'Insumos',
    l2: 'Abrasivos',
    l3: 'Lijas',
    w: 3,
    nouns: ['Lija al agua', 'Lija para madera', 'Disco flap'],
    brands: ['Norton', '3M', 'Tyrolit'],
    fit: 'none',
    price: [500, 18_000],
    unit: ['Caja x 10', 0.4],
    spec: (r) => `grano ${r.pick([40, 60, 80, 120, 220, 400, 600, 1200])}`,
  },
  {
    l1: 'Insumos',
    l2: 'Fijaciones',
    l3: 'Tornillos',
    w: 3,
    nouns: ['Tornillo hexagonal', 'Bulón de rueda', 'Tornillo autoperforante'],
    brands: ['Fischer', 'Würth'],
    fit: 'none',
    price: [500, 24_000],
    unit: ['Caja x 10', 0.6],
    spec: (r) => `M${r.pick([6, 8, 10, 12, 14])} x ${r.pick([16, 20, 25, 30, 40, 50, 60])} mm`,
  },
  {
    l1: 'Insumos',
    l2: 'Fijaciones',
    l3: 'Tuercas y arandelas',
    w: 2,
    nouns: ['Tuerca autofrenante', 'Arandela plana', 'Arandela grower'],
    brands: ['Fischer', 'Würth'],
    fit: 'none',
    price: [500, 9_000],
    unit: ['Caja x 10', 0.7],
    spec: (r) => `M${r.pick([5, 6, 8, 10, 12, 16])}`,
  },
  {
    l1: 'Insumos',
    l2: 'Fijaciones',
    l3: 'Abrazaderas',
    w: 2,
    nouns: ['Abrazadera sin fin', 'Precinto plástico'],
    brands: ['Würth', 'Fischer'],
    fit: 'none',
    price: [500, 12_000],
    unit: ['Caja x 10', 0.6],
    spec: (r) => `${r.range(8, 40)}-${r.range(45, 120)} mm`,
  },
  {
    l1: 'Insumos',
    l2: 'Limpieza',
    l3: 'Paños',
    w: 2,
    nouns: ['Paño microfibra', 'Paño de limpieza industrial', 'Trapo rejilla'],
    brands: ['3M', 'Simoniz', 'Würth'],
    fit: 'none',
    price: [600, 15_000],
    unit: ['Caja x 10', 0.3],
    spec: (r) => `${r.pick([30, 40, 50])} x ${r.pick([30, 40, 60])} cm`,
  },
  {
    l1: 'Insumos',
    l2: 'Limpieza',
    l3: 'Guantes',
    w: 2,
    nouns: ['Guantes de nitrilo', 'Guantes de látex', 'Guantes moteados'],
    brands: ['3M', 'Würth'],
    fit: 'none',
    price: [800, 22_000],
    unit: ['Caja x 10', 0.3],
    spec: (r) => `talle ${r.pick(['S', 'M', 'L', 'XL'])}`,
  },
  {
    l1: 'Insumos',
    l2: 'Limpieza',
    l3: 'Detergentes',
    w: 2,
    nouns: ['Shampoo para autos', 'Detergente industrial', 'Limpiador de tapizados'],
    brands: ['Simoniz', '3M', 'Würth'],
    fit: 'none',
    price: [1_500, 48_000],
    unit: ['Litro', 0.3],
    spec: (r) => r.pick(['1 litro', '5 litros', '500 ml']),
  },
];

// ---------------------------------------------------------------------------------------------
// Showcase parts: fixed codes and descriptions that search tests and demos rely on

interface Showcase {
  codigo: string;
  descripcion: string;
  path: readonly [Level1, string, string];
  marca: string;
  unidad: string;
  codbarras: string;
  price: readonly [number, number];
  slug: string;
}

const SHOWCASE: readonly Showcase[] = [
  {
    codigo: '06H-103-144',
    descripcion: 'POLEA DAMPER DE CIGÜEÑAL VW VENTO / PASSAT 2.0 TSI',
    path: ['Repuestos', 'Motor', 'VW'],
    marca: 'VW',
    unidad: '1 unidad',
    codbarras: '',
    price: [185_000, 240_000],
    slug: 'polea-ciguenal',
  },
  {
    codigo: 'BP6ES',
    descripcion: 'Bujía de encendido NGK BP6ES Fiat 128',
    path: ['Repuestos', 'Encendido', 'NGK'],
    marca: 'NGK',
    unidad: '1 unidad',
    codbarras: '7790713078225',
    price: [4_500, 6_500],
    slug: 'bujia',
  },
  {
    codigo: 'F 026 407 006',
    descripcion: 'Filtro de aceite Bosch VW Gol 1.6 / 1.8 AP',
    path: ['Repuestos', 'Filtros', 'Bosch'],
    marca: 'Bosch',
    unidad: '1 unidad',
    codbarras: '4047024709514 W712/75',
    price: [9_000, 12_000],
    slug: 'filtro-de-aceite',
  },
  {
    codigo: 'OC 1055/4',
    descripcion: 'FILTRO DE ACEITE FORD FALCON 3.0 / 3.6',
    path: ['Repuestos', 'Filtros', 'Mahle'],
    marca: 'Mahle',
    unidad: '1 unidad',
    codbarras: 'PH2870A',
    price: [11_000, 15_000],
    slug: 'filtro-de-aceite',
  },
  {
    codigo: '0986.494.113',
    descripcion: 'Pastillas de freno delanteras Bosch Peugeot 504 / 505',
    path: ['Repuestos', 'Frenos', 'Bosch'],
    marca: 'Bosch',
    unidad: 'Juego x 4',
    codbarras: '425467 4047024123457',
    price: [42_000, 55_000],
    slug: 'pastillas-de-freno',
  },
  {
    codigo: '7700-500-168',
    descripcion: 'BOMBA DE AGUA RENAULT 12 1.4 / 1.6 ORIGINAL',
    path: ['Repuestos', 'Refrigeración', 'Renault'],
    marca: 'Renault',
    unidad: '1 unidad',
    codbarras: '',
    price: [88_000, 110_000],
    slug: 'bomba-de-agua',
  },
  {
    codigo: '5462XS',
    descripcion: 'Correa de distribución Gates VW Gol 1.6 / 1.8 AP 137 dientes 25 mm',
    path: ['Repuestos', 'Motor', 'Gates'],
    marca: 'Gates',
    unidad: '1 unidad',
    codbarras: '5414465301234',
    price: [24_000, 31_000],
    slug: 'correa-distribucion',
  },
  {
    codigo: '6204-2RS',
    descripcion: 'Rodamiento rígido de bolillas SKF 6204-2RS 20 x 47 x 14 mm',
    path: ['Repuestos', 'Transmisión', 'SKF'],
    marca: 'SKF',
    unidad: '1 unidad',
    codbarras: '7316571234567',
    price: [6_500, 9_000],
    slug: 'rodamiento',
  },
  {
    codigo: 'AMF-32211',
    descripcion: 'Amortiguador delantero a gas Fric-Rot Chevrolet Corsa 1.6 8v',
    path: ['Repuestos', 'Suspensión', 'Fric-Rot'],
    marca: 'Fric-Rot',
    unidad: 'Par',
    codbarras: '',
    price: [120_000, 160_000],
    slug: 'amortiguador',
  },
  {
    codigo: '310200',
    descripcion: 'JUNTA DE TAPA DE CILINDROS TARANTO PEUGEOT 504 2.0 NAFTA',
    path: ['Repuestos', 'Motor', 'Taranto'],
    marca: 'Taranto',
    unidad: '1 unidad',
    codbarras: '',
    price: [32_000, 41_000],
    slug: 'junta-tapa-cilindros',
  },
  {
    codigo: '826317',
    descripcion: 'Kit de embrague Valeo Chevrolet Corsa 1.6 8v Ø 200 mm',
    path: ['Repuestos', 'Transmisión', 'Valeo'],
    marca: 'Valeo',
    unidad: 'Kit',
    codbarras: '3276428263170',
    price: [210_000, 260_000],
    slug: 'kit-de-embrague',
  },
  {
    codigo: 'A 366 052 01 01',
    descripcion: 'Piñón de cigüeñal Mercedes Benz OM366 LA',
    path: ['Repuestos', 'Motor', 'Mercedes Benz'],
    marca: 'Mercedes Benz',
    unidad: '1 unidad',
    codbarras: '',
    price: [95_000, 130_000],
    slug: 'pinon-ciguenal',
  },
  {
    codigo: '0 440 008 090',
    descripcion: 'BOMBA DE INYECCIÓN BOSCH SCANIA 112 DS11',
    path: ['Repuestos', 'Motor', 'Bosch'],
    marca: 'Bosch',
    unidad: '1 unidad',
    codbarras: '',
    price: [780_000, 880_000],
    slug: 'bomba-de-inyeccion',
  },
  {
    codigo: 'VA-2318',
    descripcion: 'Válvula de admisión Mahle Iveco Daily 2.8 / 3.0',
    path: ['Repuestos', 'Motor', 'Mahle'],
    marca: 'Mahle',
    unidad: '1 unidad',
    codbarras: '',
    price: [14_000, 19_000],
    slug: 'valvula-de-admision',
  },
  {
    codigo: '44310-0K020',
    descripcion: 'Bomba de dirección hidráulica Toyota Hilux 3.0 TD',
    path: ['Repuestos', 'Suspensión', 'Toyota'],
    marca: 'Toyota',
    unidad: '1 unidad',
    codbarras: '',
    price: [520_000, 640_000],
    slug: 'bomba-de-direccion',
  },
  {
    codigo: 'AL-188',
    descripcion: 'Árbol de levas Mahle Ford Falcon 3.0 / 3.6',
    path: ['Repuestos', 'Motor', 'Mahle'],
    marca: 'Mahle',
    unidad: '1 unidad',
    codbarras: '',
    price: [260_000, 330_000],
    slug: 'arbol-de-levas',
  },
  {
    codigo: 'CV 1440 D',
    descripcion: 'Brazo de suspensión inferior derecho Corven Ford Falcon',
    path: ['Repuestos', 'Suspensión', 'Corven'],
    marca: 'Corven',
    unidad: '1 unidad',
    codbarras: '',
    price: [68_000, 85_000],
    slug: 'brazo-de-suspension',
  },
  {
    codigo: '64193',
    descripcion: 'LAMPARA H4 12V 60/55W OSRAM',
    path: ['Repuestos', 'Electricidad', 'Osram'],
    marca: 'Osram',
    unidad: 'Caja x 10',
    codbarras: '4050300925219',
    price: [3_200, 4_800],
    slug: 'lampara',
  },
  {
    codigo: '111M-13',
    descripcion: 'Llave combinada 13 mm Bahco',
    path: ['Herramientas', 'Manuales', 'Llaves'],
    marca: 'Bahco',
    unidad: '1 unidad',
    codbarras: '',
    price: [9_000, 12_000],
    slug: 'llave-combinada',
  },
  {
    codigo: '30-496',
    descripcion: 'Cinta métrica 5 m x 19 mm Stanley',
    path: ['Herramientas', 'Medición', 'Cintas métricas'],
    marca: 'Stanley',
    unidad: '1 unidad',
    codbarras: '3253561304967',
    price: [14_000, 18_000],
    slug: 'cinta-metrica',
  },
  {
    codigo: 'ELF50-4L',
    descripcion: 'Aceite de motor YPF Elaion F50 10W40 semisintético 4 litros',
    path: ['Productos', 'Lubricantes', 'Aceites de motor'],
    marca: 'YPF',
    unidad: '1 unidad',
    codbarras: '7790480111223',
    price: [38_000, 46_000],
    slug: 'aceite-de-motor',
  },
  {
    codigo: 'LC-2050',
    descripcion: 'Compresor de aire 50 litros 2 HP 220V Lüsqtoff',
    path: ['Maquinaria', 'Compresores', 'Compresores de pistón'],
    marca: 'Lüsqtoff',
    unidad: '1 unidad',
    codbarras: '',
    price: [420_000, 520_000],
    slug: 'compresor-de-aire',
  },
  {
    codigo: 'DC-115-1',
    descripcion: 'Disco de corte 115 x 1 mm acero inoxidable Norton',
    path: ['Insumos', 'Abrasivos', 'Discos de corte'],
    marca: 'Norton',
    unidad: 'Caja x 10',
    codbarras: '',
    price: [9_500, 13_000],
    slug: 'disco-de-corte',
  },
];

/** Number of fixed showcase parts at the start of every catalogue (`06H-103-144` is the first). */
export const DEMO_SHOWCASE_COUNT = SHOWCASE.length;

// ---------------------------------------------------------------------------------------------
// Unique six-digit numbers: a seeded permutation of 0..999,999 without the showcase numbers

const SPACE = 1_000_000;

/** The six digits a code ends with once separators and trailing letters are dropped, or null. */
function tailNumber(code: string): number | null {
  const match = /(\d{6})[a-z]*$/.exec(partNumberKey(code));
  return match ? Number(match[1]) : null;
}

/** Showcase numbers, ascending: generated codes never use them. */
const RESERVED: readonly number[] = [...new Set(SHOWCASE.map((s) => tailNumber(s.codigo)).filter((n): n is number => n !== null))].sort(
  (a, b) => a - b,
);

/** Six-digit numbers available to generated parts. */
const FREE = SPACE - RESERVED.length;

/** Four 10-bit Feistel round keys derived from the seed. */
function feistelKeys(seed: number): number[] {
  const r = new Rng();
  r.reseed(fmix32(seed ^ 0x5eed1234));
  return [0, 1, 2, 3].map(() => Math.floor(r.next() * 4294967296));
}

/** Bijection on 0..2^20-1. */
function feistel(x: number, keys: readonly number[]): number {
  let left = x >>> 10;
  let right = x & 1023;
  for (const key of keys) {
    const f = fmix32(right ^ key) & 1023;
    const next = left ^ f;
    left = right;
    right = next;
  }
  return (left << 10) | right;
}

/** The unique six-digit number of generated part `j` (0-based among generated parts). */
function uniqueNumber(j: number, keys: readonly number[]): number {
  let x = j;
  do x = feistel(x, keys);
  while (x >= FREE); // cycle walking keeps the map a bijection on 0..FREE-1
  for (const reserved of RESERVED) if (reserved <= x) x++;
  return x;
}

// ---------------------------------------------------------------------------------------------
// Text helpers

const slugCache = new Map<string, string>();
function slug(value: string): string {
  let s = slugCache.get(value);
  if (s === undefined) {
    s = foldText(value)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    slugCache.set(value, s);
  }
  return s;
}

/** A template split into literal text and placeholders (`{d}` → "d"), compiled once. */
const compiledTemplates = new Map<string, readonly string[]>();

function fillTemplate(template: string, digits: string): string {
  let pieces = compiledTemplates.get(template);
  if (!pieces) {
    // Odd positions hold placeholder names: "0 986 {a} {b}" → ["0 986 ", "a", " ", "b", ""].
    pieces = template.split(/\{([abcde])\}/);
    compiledTemplates.set(template, pieces);
  }
  let out = pieces[0]!;
  for (let i = 1; i < pieces.length; i += 2) {
    const name = pieces[i];
    if (name === 'd') out += digits;
    else if (name === 'a') out += digits.slice(0, 3);
    else if (name === 'b') out += digits.slice(3);
    else if (name === 'c') out += digits.slice(0, 4);
    else out += digits.slice(4);
    out += pieces[i + 1]!;
  }
  return out;
}

/** `partNumberKey` for the ASCII codes this module builds, without Unicode normalisation. */
function asciiKey(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** EAN-13 with its check digit from 12 digits. */
function ean13(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return twelve + String((10 - (sum % 10)) % 10);
}

function titleCase(text: string): string {
  return text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/** Real counters write the same data in capitals (sometimes without accents), as typed, or title case. */
function applyCase(text: string, r: Rng): string {
  const x = r.next();
  if (x < 0.4) return text.toUpperCase();
  if (x < 0.5) return foldText(text).toUpperCase();
  if (x < 0.6) return titleCase(text);
  return text;
}

function vehicleText(r: Rng, vehicle: Vehicle): string {
  const n = vehicle.engines.length;
  const roll = r.next();
  let text = vehicle.name;
  if (roll < 0.55) {
    text += ` ${vehicle.engines[r.int(n)]!}`;
  } else if (roll < 0.8 && n > 1) {
    const first = r.int(n);
    const second = (first + 1 + r.int(n - 1)) % n;
    text += ` ${vehicle.engines[Math.min(first, second)]!} / ${vehicle.engines[Math.max(first, second)]!}`;
  }
  const prefix = r.next();
  if (prefix < 0.12) return `p/ ${text}`;
  if (prefix < 0.17) return `para ${text}`;
  return text;
}

// ---------------------------------------------------------------------------------------------
// Prices

/** Ten `-` entries joined by `-`. */
const NO_PRICES = Array.from({ length: 10 }, () => '-').join('-');

function formatCents(cents: number): string {
  const c = Math.max(1, Math.round(cents));
  const rest = c % 100;
  return `${(c - rest) / 100}.${rest < 10 ? '0' : ''}${rest}`;
}

/**
 * Ten dash-separated ARS prices. List 1 client (log-uniform in range), 2 distributor (15–30 % below
 * list 1), 3 wholesale, 4 guest (10–30 % above list 1), 5 card, 6 cash, 7 large distributor,
 * 8 promotion, 9 guest with card, 10 free variation. A missing list is the entry `-`.
 */
function priceList(r: Rng, min: number, max: number, allowMissing: boolean): string {
  if (allowMissing && r.chance(0.03)) return NO_PRICES;
  let c1 = Math.round(min * Math.exp(r.next() * Math.log(max / min)) * 100);
  const ending = r.next();
  if (ending < 0.4) c1 = Math.round(c1 / 100) * 100;
  else if (ending < 0.55) c1 = Math.floor(c1 / 100) * 100 + 50;
  const c2 = c1 * (0.7 + r.next() * 0.15);
  const c4 = c1 * (1.1 + r.next() * 0.2);
  const cents = [
    c1,
    c2,
    c1 * (0.88 + r.next() * 0.07),
    c4,
    c1 * (1.03 + r.next() * 0.05),
    c1 * (0.92 + r.next() * 0.05),
    c2 * (0.95 + r.next() * 0.05),
    c1 * (0.75 + r.next() * 0.1),
    c4 * (1 + r.next() * 0.1),
    c1 * (0.8 + r.next() * 0.4),
  ];
  let out = '';
  for (let i = 0; i < 10; i++) {
    const missing = allowMissing && r.chance(i === 0 ? 0.01 : i === 1 || i === 3 ? 0.02 : i === 2 ? 0.03 : 0.06);
    if (i > 0) out += '-';
    out += missing ? '-' : formatCents(cents[i]!);
  }
  return out;
}

function stockUnits(r: Rng): number {
  const x = r.next();
  if (x < 0.07) return 0;
  if (x < 0.17) return r.range(1, 4);
  if (x < 0.75) return r.range(5, 60);
  return r.range(61, 800);
}

// ---------------------------------------------------------------------------------------------
// Records

const TOTAL_WEIGHT = TYPES.reduce((sum, t) => sum + t.w, 0);
const CUMULATIVE: readonly number[] = (() => {
  let acc = 0;
  return TYPES.map((t) => {
    acc += t.w;
    return acc / TOTAL_WEIGHT;
  });
})();

function pickType(r: Rng): PartType {
  const x = r.next();
  for (let i = 0; i < CUMULATIVE.length; i++) if (x < CUMULATIVE[i]!) return TYPES[i]!;
  return TYPES[TYPES.length - 1]!;
}

function recordSeed(seed: number, index: number): number {
  return fmix32(seed ^ fmix32(Math.imul(index + 1, 0x9e3779b1)));
}

function showcaseRecord(item: Showcase, r: Rng): RawErpRecord {
  return {
    codigo: item.codigo,
    descripcion: item.descripcion,
    categoria1: item.path[0],
    categoria2: item.path[1],
    categoria3: item.path[2],
    precios: priceList(r, item.price[0], item.price[1], false),
    stock: r.range(5, 120),
    imagen: `demo/${item.slug}-${slug(item.marca)}-${partNumberKey(item.codigo)}.jpg`,
    marca: item.marca,
    codbarras: item.codbarras,
    unidad: item.unidad,
  };
}

function generatedRecord(type: PartType, digits: string, r: Rng): RawErpRecord {
  // Vehicle and brand (original parts carry the vehicle maker's brand and numbering).
  const vehicle = type.fit === 'none' ? null : r.pick(type.fit === 'car' ? CARS : type.fit === 'heavy' ? HEAVY : ALL_VEHICLES);
  let brand = r.pick(type.brands);
  let templates = type.codes?.[brand] ?? BRAND_CODES[brand] ?? ['{d}'];
  // The brand as the description names it; an original part says "original" after the vehicle.
  let brandWord = brand;
  if (vehicle && type.oem && r.chance(type.oem)) {
    const oemTemplates = OEM_CODES[vehicle.make];
    const oemBrand = OEM_BRAND[vehicle.make];
    if (oemTemplates && oemBrand) {
      brand = oemBrand;
      templates = oemTemplates;
      brandWord = r.pick(['original', 'orig.', '']);
    }
  }
  const codigo = fillTemplate(r.pick(templates), digits);

  // Description in the counter's words.
  const noun = r.pick(type.nouns);
  const qual = type.quals ? r.pick(type.quals) : '';
  const spec = type.spec ? type.spec(r, brand) : '';
  const veh = vehicle ? vehicleText(r, vehicle) : '';
  const pattern = r.int(4);
  let parts: string[];
  if (brandWord !== brand) parts = [noun, qual, veh, spec, brandWord];
  else if (pattern === 0) parts = [noun, qual, brand, spec, veh];
  else if (pattern === 1) parts = [noun, qual, veh, spec];
  else if (pattern === 2) parts = [noun, qual, spec, veh, '-', brand];
  else parts = [noun, brand, qual, veh, spec];
  let descripcion = '';
  for (const part of parts) if (part) descripcion = descripcion ? `${descripcion} ${part}` : part;
  descripcion = applyCase(descripcion, r);

  const key = asciiKey(codigo);
  const precios = priceList(r, type.price[0], type.price[1], true);
  const stock = stockUnits(r);
  const imagen = r.chance(0.7) ? `demo/${type.slug ?? slug(type.nouns[0]!)}-${slug(brand)}-${key}.jpg` : '';

  // Alternate codes: EAN-13 (Argentine prefix 779) and/or an original number.
  let codbarras = '';
  const alt = r.next();
  if (alt < 0.5) {
    const maker = String(100 + (fmix32(brand.length * 131 + brand.charCodeAt(0)) % 900));
    const ean = ean13(`779${maker}${digits}`);
    const oem = vehicle ? OEM_CODES[vehicle.make] : undefined;
    const other = (Number(digits) * 7919 + 104_729) % SPACE;
    if (oem && alt < 0.2 && !RESERVED.includes(other)) {
      const oemCode = asciiKey(fillTemplate(r.pick(oem), String(other).padStart(6, '0'))).toUpperCase();
      codbarras = alt < 0.08 ? `${ean} ${oemCode}` : oemCode;
    } else {
      codbarras = ean;
    }
  }

  const unidad = type.unit && r.chance(type.unit[1]) ? type.unit[0] : '1 unidad';
  return {
    codigo,
    descripcion,
    categoria1: type.l1,
    categoria2: type.l2,
    categoria3: type.l3 ?? brand,
    precios,
    stock,
    imagen,
    marca: brand,
    codbarras,
    unidad,
  };
}

function checkArguments(count: number, seed: number): void {
  if (!Number.isInteger(count) || count < 0 || count > MAX_DEMO_PARTS) {
    throw new RangeError(`count must be an integer from 0 to ${MAX_DEMO_PARTS}, got ${count}`);
  }
  if (!Number.isFinite(seed)) throw new RangeError(`seed must be a finite number, got ${seed}`);
}

/**
 * Yields `count` demo records one at a time (lazily, so 100,000 parts never sit in memory twice).
 *
 * @param count number of records, 0 to {@link MAX_DEMO_PARTS} (1,000,000); throws `RangeError` outside.
 * @param seed any finite number, used as a 32-bit integer (default {@link DEFAULT_DEMO_SEED}); the same
 *   `(count, seed)` always yields identical records, a different seed a different catalogue.
 */
export function* generateCatalogueRecords(count: number, seed: number = DEFAULT_DEMO_SEED): Generator<RawErpRecord> {
  checkArguments(count, seed);
  const s = seed | 0;
  const keys = feistelKeys(s);
  const r = new Rng();
  for (let i = 0; i < count; i++) {
    r.reseed(recordSeed(s, i));
    const showcase = SHOWCASE[i];
    if (showcase) {
      yield showcaseRecord(showcase, r);
      continue;
    }
    const digits = String(uniqueNumber(i - SHOWCASE.length, keys)).padStart(6, '0');
    yield generatedRecord(pickType(r), digits, r);
  }
}

/**
 * Builds the whole demo catalogue as an array: `count` raw ERP records (see {@link RawErpRecord}),
 * deterministic for a given `(count, seed)`. Prefer {@link generateCatalogueRecords} for large counts.
 */
export function generateCatalogue(count: number, seed: number = DEFAULT_DEMO_SEED): RawErpRecord[] {
  const records: RawErpRecord[] = [];
  for (const record of generateCatalogueRecords(count, seed)) records.push(record);
  return records;
}

// ---------------------------------------------------------------------------------------------
// Vocabulary

const STOPWORDS = new Set(['de', 'del', 'la', 'el', 'los', 'las', 'con', 'para', 'por', 'sin', 'una', 'uno', 'y', 'a', 'en', 'x']);

/**
 * Words the generated descriptions draw from (part names, qualifiers, brands, vehicle makes and
 * models), each once, with its accents, in a fixed order. Every word appears in some description of
 * a 100,000-part catalogue; benchmarks combine them into queries that no cache has seen.
 */
export const DEMO_VOCABULARY: readonly string[] = Object.freeze(
  (() => {
    const seen = new Set<string>();
    const words: string[] = [];
    const add = (text: string) => {
      for (const word of text.split(/[^0-9A-Za-zÀ-ÿ]+/)) {
        const folded = foldText(word);
        if (word.length < 3 || !/[a-z]/.test(folded) || STOPWORDS.has(folded) || seen.has(folded)) continue;
        seen.add(folded);
        words.push(word);
      }
    };
    for (const type of TYPES) {
      for (const noun of type.nouns) add(noun);
      for (const qual of type.quals ?? []) add(qual);
      for (const brand of type.brands) add(brand);
    }
    for (const vehicle of ALL_VEHICLES) add(vehicle.name);
    return words;
  })(),
);
