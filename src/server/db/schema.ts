/**
 * Drizzle schema for every entity of docs/product.md (§4, §7, §8, §10). PostgreSQL dialect; the same migrations run on
 * PGlite and on PostgreSQL. Money is `numeric(12,2)` (ARS). Catalogue rows that anything references
 * are deactivated, never deleted (docs/product.md §4.1).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

/** Three-level category tree; level 1 = main groups, 2 = models or subgroups, 3 = brands. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Folded name (lower, no accents) that makes `REFRIGERACION` and `REFRIGERACIÓN` one category. */
    nameKey: text('name_key').notNull(),
    level: integer('level').notNull().default(1),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    pageNumber: integer('page_number'),
    isVisible: boolean('is_visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_parent_name_key').on(sql`coalesce(${t.parentId}, 0)`, t.nameKey),
    index('categories_parent_idx').on(t.parentId),
    check('categories_level_check', sql`${t.level} between 1 and 3`),
  ],
);

/** Parts (products). Price lists 1–10 per part; `price` is the base price. */
export const parts = pgTable(
  'parts',
  {
    id: serial('id').primaryKey(),
    partNumber: text('part_number').notNull(),
    /** Part number folded and without separators (`06H-103-144` → `06h103144`), for exact-code matches. */
    partNumberKey: text('part_number_key').notNull().generatedAlwaysAs(sql`public.portal_code_key(part_number)`),
    description: text('description').notNull().default(''),
    brand: text('brand'),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** Category names level 1 > 2 > 3, denormalised for search and display. */
    categoryPath: text('category_path').array().notNull().default(sql`'{}'::text[]`),
    alternateCodes: text('alternate_codes').array().notNull().default(sql`'{}'::text[]`),
    price: money('price'),
    priceList1: money('price_list_1'),
    priceList2: money('price_list_2'),
    priceList3: money('price_list_3'),
    priceList4: money('price_list_4'),
    priceList5: money('price_list_5'),
    priceList6: money('price_list_6'),
    priceList7: money('price_list_7'),
    priceList8: money('price_list_8'),
    priceList9: money('price_list_9'),
    priceList10: money('price_list_10'),
    /** Discount percent (0–100) published from the on-sale carousel. */
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    stockQuantity: integer('stock_quantity'),
    stockLevel: text('stock_level').notNull().default('En Stock'),
    salesUnit: text('sales_unit').notNull().default('1 unidad'),
    imageUrl: text('image_url'),
    documentUrl: text('document_url'),
    videoUrl: text('video_url'),
    isActive: boolean('is_active').notNull().default(true),
    /** Free-text remarks from the source file (sizes, supersession notes), shown in the detail dialog. */
    notes: text('notes'),
    /** Vehicle or machine models the part fits, as the source file writes them. */
    applications: text('applications'),
    /**
     * Fields staff edited by hand (import target names: `description`, `brand`, `category1`,
     * `priceList1`…`priceList10`, `stock`, `salesUnit`, `imageUrl`, `alternateCodes`, `notes`,
     * `applications`, `documentUrl`, `videoUrl`, `isActive`). An import keeps these unless the admin
     * chose to overwrite hand edits for that column (docs/product.md, import).
     */
    handEditedFields: text('hand_edited_fields').array().notNull().default(sql`'{}'::text[]`),
    /** Name of the import source that created the part (file mapping or ERP sync); null when created by hand. */
    source: text('source'),
    /**
     * Folded search text: codes (with and without separators), alternate codes, description, brand,
     * categories, notes, applications. Kept by the trigger `parts_search_columns` (migration 0023)
     * whenever a part is inserted or one of those fields changes, never written by the application.
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The search text's words, each run of other characters one space, with a space at each end
     * (` filtro aceite 6x40 `): a whole-word test is then `like '% word %'` instead of a regular
     * expression (search/plan.ts; docs/performance.md "Whole words without regular expressions").
     * Kept by the same trigger as `searchText`, from it (docs/performance.md "The search columns by
     * trigger").
     */
    searchWords: text('search_words').notNull().default(''),
    /** Spanish sort key of the description (ñ after n, accents ignored), compared with C collation. */
    descriptionSortKey: text('description_sort_key').notNull().generatedAlwaysAs(sql`public.portal_sort_key(description)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('parts_part_number_key').on(t.partNumber),
    index('parts_part_number_key_idx').on(t.partNumberKey),
    index('parts_category_idx').on(t.categoryId),
    // The brand filter compares lower(brand) (case-insensitive, service.ts filterConditions).
    index('parts_brand_lower_idx').on(sql`lower(${t.brand})`),
    index('parts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The two list orders read pages from these indexes instead of sorting. The trailing columns are
    // what the public conditions test (active, category), so a page's ids come from an index-only
    // scan however deep the OFFSET (the deferred join of listParts).
    index('parts_description_sort_idx').on(sql`${t.descriptionSortKey} collate "C"`, t.id, t.isActive, t.categoryId),
    index('parts_part_number_sort_idx').on(sql`${t.partNumber} collate "C"`, t.id, t.isActive, t.categoryId),
    // The panel's "Editados a mano" filter (admin/parts-list.ts): the few hand-edited parts in the
    // list's order, so its page and count read them alone instead of walking every part.
    index('parts_hand_edited_idx').on(sql`${t.partNumber} collate "C"`, t.id).where(sql`cardinality(${t.handEditedFields}) > 0`),
  ],
);

export const USER_TYPES = ['client', 'distributor', 'admin'] as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name'),
    email: text('email'),
    phone: text('phone'),
    company: text('company'),
    clientCode: text('client_code'),
    profileType: text('profile_type', { enum: USER_TYPES }).notNull().default('client'),
    isApproved: boolean('is_approved').notNull().default(false),
    /** Set when an admin disables the account: it cannot log in and its sessions ended (docs/product.md §10.2). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The last successful login. */
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One account per name, per address and per client code, ignoring case (docs/product.md,
  // accounts, §10.2); a trigger of migration 0008 also keeps a username from equalling another
  // account's e-mail.
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_client_code_key').on(sql`lower(${t.clientCode})`),
  ],
);

/** Server-side sessions: only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

export const PROFILE_TYPES = ['guest', 'client', 'distributor'] as const;

/** Price list per role (defaults guest 4, client 1, distributor 2; admin may set 1–10). */
export const profiles = pgTable(
  'profiles',
  {
    profileType: text('profile_type', { enum: PROFILE_TYPES }).primaryKey(),
    priceList: integer('price_list').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('profiles_price_list_check', sql`${t.priceList} between 1 and 10`)],
);

export const PART_REQUEST_STATUSES = ['pending', 'reviewed', 'completed'] as const;

export const partRequests = pgTable(
  'part_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: PART_REQUEST_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('part_requests_created_idx').on(t.createdAt)],
);

/** Related parts: a directed link shown in the detail dialog of `partId`. */
export const relatedParts = pgTable(
  'related_parts',
  {
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    relatedPartId: integer('related_part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.partId, t.relatedPartId] }), check('related_parts_not_self', sql`${t.partId} <> ${t.relatedPartId}`)],
);

export const CAROUSEL_STAGES = ['draft', 'published'] as const;

/**
 * Carousel membership. Admin edits write the `draft` stage; publishing copies it to `published`,
 * which the public carousels read (docs/product.md §10.2).
 */
export const carouselEntries = pgTable(
  'carousel_entries',
  {
    id: serial('id').primaryKey(),
    stage: text('stage', { enum: CAROUSEL_STAGES }).notNull(),
    collection: text('collection', { enum: ['featured', 'new-arrivals', 'on-sale'] }).notNull(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    position: integer('position').notNull().default(0),
    /** First and last day of an on-sale offer (Argentine calendar days, inclusive); null = open (issue 21). */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('carousel_entries_key').on(t.stage, t.collection, t.partId),
    check('carousel_discount_check', sql`${t.discountPercentage} between 0 and 100`),
    check('carousel_offer_dates_check', sql`${t.startsOn} is null or ${t.endsOn} is null or ${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** Key/value state of the catalogue: the catalogue version that caches are keyed by. */
export const catalogueState = pgTable('catalogue_state', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Audit trail of admin changes: who, when, what, with the state before and after. The actor is
 * kept by name too, so history survives a deleted account.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    createdAt: createdAt(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    // The Historial's part filter finds a relation by its related part too (docs/product.md §10.2):
    // that part's id is in the row's JSON (`after` when added, `before` when removed).
    index('audit_log_related_part_idx')
      .on(sql`(coalesce(${t.after}, ${t.before}) ->> 'relatedPartId')`, t.createdAt)
      .where(sql`${t.entity} = 'relation'`),
  ],
);

/**
 * Catalogue import and ERP sync jobs, shared by every process (issue 20): ids are unique across
 * processes, any process reads a job's progress, and at most one job is `running` (the partial
 * unique index refuses a second one at once). The process running a job renews `heartbeat_at`;
 * a `running` job whose heartbeat stopped (its process crashed) is marked `interrupted`.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['sync', 'upload'] }).notNull(),
    status: text('status', { enum: ['running', 'done', 'failed', 'interrupted'] }).notNull(),
    progress: jsonb('progress').notNull(),
    report: jsonb('report'),
    error: text('error'),
    actor: text('actor').notNull(),
    /** The process running it (host and pid, for the operator). */
    owner: text('owner').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('jobs_one_running').on(t.status).where(sql`status = 'running'`), index('jobs_started_idx').on(t.startedAt)],
);

/**
 * Rate-limit counters shared by every process: rate-limiter-flexible's RateLimiterPostgres table
 * (its own column names and types; `expire` is epoch milliseconds).
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * Answers of idempotent writes (`Idempotency-Key`, issue 20): the first request with a key stores
 * its answer in the same transaction as its write; a retry with the same key gets that answer back
 * and writes nothing. Keys are per scope (the route) and per owner (the account).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    owner: text('owner').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.owner, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Synonym groups of the catalogue search (issue 18, docs/architecture.md "Search"): the forms of one
 * row (folded: lower case, no accents; one or more words, e.g. `{jgo,juego}`, `{a/a,aire acondicionado}`)
 * match one another both ways. Read at search time, so an edit applies without a re-import.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial('id').primaryKey(),
  terms: text('terms').array().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The catalogue's vocabulary: every alphabetic word (2+ letters, folded) of the active parts'
 * descriptions, brands and category names with the number of parts holding it. Rebuilt by each
 * import; the search corrects typos against it (trigram distance, GiST) and finds abbreviations in it.
 */
export const searchVocabulary = pgTable(
  'search_vocabulary',
  {
    word: text('word').primaryKey(),
    parts: integer('parts').notNull(),
  },
  (t) => [index('search_vocabulary_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`)],
);

export const ORDER_STATUSES = ['received', 'preparing', 'shipped', 'delivered', 'cancelled'] as const;

/**
 * A signed-in user's cart ("Mi pedido", issue 19): one row per part. `unitPriceAtAdd` is the price
 * the user saw when the line was added (to flag a change before sending); it never prices anything.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitPriceAtAdd: money('unit_price_at_add'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.partId] }), check('cart_lines_quantity_check', sql`${t.quantity} between 1 and 9999`)],
);

/**
 * Pedidos (issue 19): the customer's data as sent (a guest's or the account's at that moment), the
 * totals the server computed and the status. `accessToken` opens a guest's pedido from its
 * confirmation screen; `idempotencyKey` (per account, or per guest) makes a retried send answer
 * the first pedido instead of creating a second.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('received'),
    customerName: text('customer_name').notNull(),
    customerCompany: text('customer_company'),
    customerClientCode: text('customer_client_code'),
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    customerUsername: text('customer_username'),
    note: text('note'),
    /** The price list (1–10) the lines were priced at. */
    priceList: integer('price_list').notNull(),
    total: numeric('total', { precision: 20, scale: 2 }).notNull(),
    lineCount: integer('line_count').notNull(),
    unitCount: integer('unit_count').notNull(),
    unpricedCount: integer('unpriced_count').notNull(),
    accessToken: text('access_token'),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the send's body: the same key with another body is refused. */
    requestFingerprint: text('request_fingerprint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    uniqueIndex('orders_idempotency_key').on(sql`coalesce(${t.userId}, 0)`, t.idempotencyKey).where(sql`idempotency_key is not null`),
  ],
);

/** The lines of a pedido: the part as it was and the price computed when it was sent. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'restrict' }),
    partNumber: text('part_number').notNull(),
    description: text('description').notNull(),
    salesUnit: text('sales_unit').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price'),
    subtotal: numeric('subtotal', { precision: 20, scale: 2 }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    index('order_lines_part_idx').on(t.partId),
    check('order_lines_quantity_check', sql`${t.quantity} between 1 and 9999`),
  ],
);

/** Every status a pedido went through, with the staff note; the first row is `received` at creation. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * Applied imports and syncs, newest last (issue 17, docs/product.md §11.4): who ran what, when, with
 * its counts; `undone_at` once undone. Only the newest run can be undone.
 */
export const importRuns = pgTable('import_runs', {
  id: serial('id').primaryKey(),
  /** The run's transaction time: a part updated later was edited after the run. */
  createdAt: createdAt(),
  actor: text('actor').notNull(),
  source: text('source').notNull(),
  /** The report's counts (inserted, updated, unchanged, deactivated, rejected…). */
  summary: jsonb('summary').notNull(),
  undoneAt: timestamp('undone_at', { withTimezone: true }),
});

/**
 * What the newest run changed, kept so that it can be undone: a part it inserted (`before` null),
 * updated (`before` = its written columns before, by column name) or deactivated (`deactivated`).
 * Rows of older runs are deleted when a new run writes.
 */
export const importRunParts = pgTable(
  'import_run_parts',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => importRuns.id, { onDelete: 'cascade' }),
    partNumber: text('part_number').notNull(),
    kind: text('kind', { enum: ['inserted', 'updated', 'deactivated'] }).notNull(),
    before: jsonb('before'),
  },
  (t) => [index('import_run_parts_run_idx').on(t.runId)],
);

/**
 * Column mappings saved by name from the panel's import (issue 17, docs/product.md §11.3): the
 * explicit `{target, column}` assignments a later upload (`mappingName=`) or the ERP sync (the
 * mapping named `erp`) applies before the aliases.
 */
export const importMappings = pgTable('import_mappings', {
  name: text('name').primaryKey(),
  /** `ColumnAssignment[]` of src/shared/import.ts, in order. */
  assignments: jsonb('assignments').notNull(),
  updatedBy: text('updated_by').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Scheduled ERP syncs (`ERP_SYNC_CRON`, issue 17, docs/product.md §11.5): one row per schedule
 * instant, claimed by the first process that reaches it (the primary key), so with several
 * processes one runs it. `started`: its job is `job_id` (null once the job was pruned); `skipped`:
 * another import or sync was running, `reason` says which.
 */
export const scheduledSyncs = pgTable(
  'scheduled_syncs',
  {
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).primaryKey(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: ['started', 'skipped'] }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('scheduled_syncs_job_idx').on(t.jobId)],
);

/**
 * Bulk price changes applied from the panel (issue 21 item 3, docs/product.md §10.2 "Cambiar
 * precios"), newest last: who changed which price list and how (`summary`: the rule in words and the
 * counts); `undone_at` once undone. Only the newest change can be undone.
 */
export const priceChanges = pgTable(
  'price_changes',
  {
    id: serial('id').primaryKey(),
    createdAt: createdAt(),
    actorId: integer('actor_id'),
    actorUsername: text('actor_username').notNull(),
    priceList: integer('price_list').notNull(),
    summary: jsonb('summary').notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [check('price_changes_price_list_check', sql`${t.priceList} between 1 and 10`)],
);

/**
 * The prices a bulk change wrote, kept so that it can be undone: the list price before (null: none)
 * and after, whether the base price followed list 1 (it equalled `before` then), and whether the
 * list was already marked as edited by hand. Rows of older changes are deleted when a new one applies.
 */
export const priceChangeParts = pgTable(
  'price_change_parts',
  {
    changeId: integer('change_id')
      .notNull()
      .references(() => priceChanges.id, { onDelete: 'cascade' }),
    partId: integer('part_id')
      .notNull()
      .references(() => parts.id, { onDelete: 'cascade' }),
    before: money('before'),
    after: money('after').notNull(),
    baseChanged: boolean('base_changed').notNull(),
    wasHandEdited: boolean('was_hand_edited').notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeId, t.partId] }), index('price_change_parts_part_idx').on(t.partId)],
);
