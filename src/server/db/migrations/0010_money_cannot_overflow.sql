ALTER TABLE "order_items" ALTER COLUMN "unit_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "total_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_refunds" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "refunded_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "physical_items" ALTER COLUMN "markup_percentage" SET DATA TYPE numeric(14, 2);