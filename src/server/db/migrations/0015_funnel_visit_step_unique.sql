-- Rows written twice by concurrent reports of one step (before this key): keep the first.
DELETE FROM "funnel_events" AS later USING "funnel_events" AS earlier
  WHERE later."visit_id" = earlier."visit_id" AND later."step" = earlier."step"
    AND (later."occurred_at", later."id") > (earlier."occurred_at", earlier."id");--> statement-breakpoint
DROP INDEX "funnel_events_visit_step_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_events_visit_step_key" ON "funnel_events" USING btree ("visit_id","step");
