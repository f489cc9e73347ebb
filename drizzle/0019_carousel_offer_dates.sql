ALTER TABLE "carousel_entries" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "carousel_entries" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "carousel_entries" ADD CONSTRAINT "carousel_offer_dates_check" CHECK ("carousel_entries"."starts_on" is null or "carousel_entries"."ends_on" is null or "carousel_entries"."starts_on" <= "carousel_entries"."ends_on");