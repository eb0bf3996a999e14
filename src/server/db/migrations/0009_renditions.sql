ALTER TABLE "image_transformations" ADD COLUMN "renditions" jsonb;--> statement-breakpoint
ALTER TABLE "mockups" ADD COLUMN "renditions" jsonb;