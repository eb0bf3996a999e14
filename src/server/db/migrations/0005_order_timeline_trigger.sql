-- The order timeline is written by the database itself: an order changes in many places (the
-- payment webhook, the test provider, the e-mail job, the fulfilment job, Printful's webhook,
-- the simulated provider, the back office), and a trigger records every change of the
-- columns the timeline shows whichever path made it, in the same transaction. Events with
-- facts the order row does not hold (a refund's amount, which e-mail was sent) are written by
-- the code that has them.
CREATE OR REPLACE FUNCTION record_order_events() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_events (order_id, type, detail, created_at)
      VALUES (NEW.id, 'created', jsonb_build_object('total_amount', NEW.total_amount, 'currency', NEW.currency), NEW.created_at);
    RETURN NEW;
  END IF;
  IF OLD.paid_at IS NULL AND NEW.paid_at IS NOT NULL THEN
    INSERT INTO order_events (order_id, type, detail, created_at)
      VALUES (NEW.id, 'paid', jsonb_build_object('payment_intent_id', NEW.stripe_payment_intent_id), NEW.paid_at);
  END IF;
  IF OLD.status IS DISTINCT FROM NEW.status AND NEW.status = 'failed' THEN
    INSERT INTO order_events (order_id, type, detail) VALUES (NEW.id, 'payment_failed', jsonb_build_object('error', NEW.payment_error));
  END IF;
  IF OLD.confirmation_email_sent_at IS NULL AND NEW.confirmation_email_sent_at IS NOT NULL AND NEW.last_email_resent_at IS NOT DISTINCT FROM OLD.last_email_resent_at THEN
    INSERT INTO order_events (order_id, type, created_at) VALUES (NEW.id, 'email_sent', NEW.confirmation_email_sent_at);
  END IF;
  IF NEW.last_email_resent_at IS NOT NULL AND NEW.last_email_resent_at IS DISTINCT FROM OLD.last_email_resent_at THEN
    INSERT INTO order_events (order_id, type, created_at) VALUES (NEW.id, 'email_resent', NEW.last_email_resent_at);
  END IF;
  IF OLD.confirmation_email_opened_at IS NULL AND NEW.confirmation_email_opened_at IS NOT NULL THEN
    INSERT INTO order_events (order_id, type, created_at) VALUES (NEW.id, 'email_opened', NEW.confirmation_email_opened_at);
  END IF;
  IF NEW.printful_order_id IS NOT NULL AND NEW.printful_order_id IS DISTINCT FROM OLD.printful_order_id THEN
    INSERT INTO order_events (order_id, type, detail)
      VALUES (NEW.id, 'submitted', jsonb_build_object('provider', NEW.fulfilment_provider, 'provider_order_id', NEW.printful_order_id));
  END IF;
  IF NEW.printful_status = 'confirmed' AND OLD.printful_status IS DISTINCT FROM 'confirmed' THEN
    INSERT INTO order_events (order_id, type) VALUES (NEW.id, 'confirmed');
  END IF;
  IF NEW.printful_status = 'failed' AND OLD.printful_status IS DISTINCT FROM 'failed' THEN
    INSERT INTO order_events (order_id, type, detail) VALUES (NEW.id, 'fulfilment_failed', jsonb_build_object('error', NEW.fulfilment_error));
  END IF;
  IF OLD.shipped_at IS NULL AND NEW.shipped_at IS NOT NULL THEN
    INSERT INTO order_events (order_id, type, detail, created_at)
      VALUES (NEW.id, 'shipped', jsonb_build_object('carrier', NEW.tracking_carrier, 'tracking_number', NEW.tracking_number, 'tracking_url', NEW.tracking_url), NEW.shipped_at);
  END IF;
  IF OLD.status IS DISTINCT FROM NEW.status AND NEW.status = 'cancelled' THEN
    INSERT INTO order_events (order_id, type) VALUES (NEW.id, 'cancelled');
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_record_events AFTER INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION record_order_events();
