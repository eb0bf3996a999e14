DROP INDEX "mockups_unique_view";--> statement-breakpoint
ALTER TABLE "mockups" ADD COLUMN "fit" text DEFAULT 'fill' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "fit" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "print_placement" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "mockups_unique_view" ON "mockups" USING btree ("transformation_id","printful_variant_id","source","placement","fit");--> statement-breakpoint
-- Mockups made before the choice were drawn with the product's default: fitted on mugs, garments and totes.
UPDATE "mockups" SET "fit" = 'fit' WHERE "printful_variant_id" IN (1320, 4830, 16586, 4011, 4012, 4013, 4014, 4015, 4016, 4017, 4018, 4019, 4020, 4021, 4022, 4023, 4024, 4025, 4026, 4027, 4028, 4029, 4030, 5522, 5523, 5524, 5525, 5526, 5527, 5528, 5529, 5530, 5531, 5532, 5533, 5534, 5535, 5536, 5537, 5538, 5539, 5540, 5541, 10458, 10457);
