/**
 * On-sale offers with days (docs/product.md §3.4, §10.2): a published on-sale entry may run from
 * `starts_on` to `ends_on` (Argentine calendar days, inclusive; either open). Outside its days the
 * offer is shown to nobody: the on-sale carousel leaves it out and the part carries no discount.
 *
 * The server decides by the day in Argentina. Parts carry the discount of their live offer
 * (`parts.discount_percentage`, what every public read prices with), so a day that starts or ends
 * an offer must rewrite it and bump the catalogue version, or a cache would keep serving the old
 * price: {@link applyOfferDays} does both when what is live changed, and {@link OfferClock} runs it
 * every minute in every process (a cheap read of the published on-sale entries when nothing changed).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { carouselEntries } from '../../db/schema.ts';
import { bumpCatalogueVersion } from './version.ts';

/** Argentina's offset from UTC, hours (no daylight saving since 2009). */
const ARGENTINA_OFFSET_HOURS = -3;

/** The calendar day in Argentina at `now`, `YYYY-MM-DD`. */
export function argentineDay(now: Date = new Date()): string {
  return new Date(now.getTime() + ARGENTINA_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

/** SQL: the carousel entry runs on `day` (its days, if any, hold it). */
export function liveOn(day: string): SQL {
  return sql`(${carouselEntries.startsOn} is null or ${carouselEntries.startsOn} <= ${day}::date) and (${carouselEntries.endsOn} is null or ${carouselEntries.endsOn} >= ${day}::date)`;
}

/** The `catalogue_state` key of the offers last applied (their signature). */
const STATE_KEY = 'offers';

/**
 * Makes parts carry the discounts of the offers live on `day` and, when that changed what the
 * public sees (a discount, or a dated entry starting or ending), bumps the catalogue version.
 * Idempotent; run it in a transaction (the clock's own, or the carousels' publish).
 * @returns whether anything changed.
 */
export async function applyOfferDays(db: Executor, day: string): Promise<boolean> {
  // What is live: the on-sale discounts by part, and the dated entries (of any carousel) running today.
  const live = await queryRows<{ part_id: number; discount: string; dated: boolean; id: number }>(
    db,
    sql`select id, part_id, discount_percentage::text as discount, (starts_on is not null or ends_on is not null) as dated
        from carousel_entries
        where stage = 'published' and ${liveOn(day)}
          and ((collection = 'on-sale' and discount_percentage > 0) or starts_on is not null or ends_on is not null)
        order by id`,
  );
  const signature = JSON.stringify(live.map((r) => [Number(r.id), Number(r.part_id), Number(r.discount), Boolean(r.dated)]));
  const [stored] = await queryRows<{ value: string }>(db, sql`select value::text as value from catalogue_state where key = ${STATE_KEY}`);
  const before = stored ? (JSON.parse(stored.value) as string) : JSON.stringify([]);
  if (before === signature) return false;
  // Largest live on-sale discount of each part (a part is on the on-sale carousel once).
  await db.execute(sql`
      update parts set discount_percentage = 0
      where discount_percentage <> 0 and id not in (
        select part_id from carousel_entries
        where stage = 'published' and collection = 'on-sale' and discount_percentage > 0 and ${liveOn(day)})`);
  await db.execute(sql`
      update parts set discount_percentage = o.discount
      from (select part_id, max(discount_percentage) as discount from carousel_entries
            where stage = 'published' and collection = 'on-sale' and discount_percentage > 0 and ${liveOn(day)}
            group by part_id) o
      where o.part_id = parts.id and parts.discount_percentage <> o.discount`);
  await db.execute(sql`
      insert into catalogue_state (key, value, updated_at) values (${STATE_KEY}, to_jsonb(${signature}::text), now())
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
  await bumpCatalogueVersion(db);
  return true;
}

/** How often every process checks whether an offer started or ended, ms. */
export const OFFER_CHECK_MS = 60_000;

/**
 * Runs {@link applyOfferDays} for today at start and every {@link OFFER_CHECK_MS}, so an offer
 * starts and ends within a minute of midnight in Argentina whatever else happens. Failures (a
 * database away for a while) are logged and retried on the next tick.
 */
export class OfferClock {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: {
      log: { warn(object: unknown, message: string): void };
      onChange?: () => void;
      now?: () => Date;
      intervalMs?: number;
    },
  ) {}

  /** Checks once now; the next checks follow every interval. */
  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs ?? OFFER_CHECK_MS);
    this.timer.unref?.();
  }

  /** One check (skipped while the previous one still runs). */
  tick(): Promise<unknown> {
    if (this.running) return this.running;
    const day = argentineDay(this.options.now?.() ?? new Date());
    this.running = this.db
      .transaction((tx) => applyOfferDays(tx, day))
      .then((changed) => {
        if (changed) this.options.onChange?.();
      })
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'offer days check failed'))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Stops the checks and waits for one under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
