-- Existing bookings get the tax invoice every sale now has, and their payments move onto the one
-- ledger; nothing is lost. The migration runs as the tables' owner, under forced row-level
-- security, so RLS is lifted for it here and forced again by the security statements that follow
-- every migration run.
ALTER TABLE "booking" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "booking_payment" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "centre" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "facility" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sport" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "booked_time_slot" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "document_sequence" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "invoice_line" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ledger_entry" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TEMPORARY TABLE legacy_invoice ON COMMIT DROP AS
WITH b AS (
  SELECT bk.id, bk.organisation_id, bk.code, bk.centre_id, bk.date AS booking_date, bk.status, bk.name, bk.email, bk.mobile,
         bk.sub_total, bk.discount, bk.booking_amount, bk.paid_amount, bk.created_by, bk.created_at,
         (bk.created_at AT TIME ZONE o.time_zone)::date AS inv_date,
         coalesce(nullif(o.legal_name, ''), o.display_name) AS seller_name,
         coalesce(nullif(c.gstin, ''), o.gstin) AS seller_gstin,
         CASE WHEN c.gstin <> '' THEN c.state ELSE o.state END AS seller_state,
         concat_ws(', ', nullif(c.address, ''), nullif(c.city, ''), nullif(c.state, '')) AS seller_address,
         coalesce(nullif(c.phone, ''), o.phone) AS seller_phone,
         coalesce(nullif(c.email, ''), o.email) AS seller_email,
         c.state AS place_of_supply,
         f.sac_code,
         sp.name || ' - ' || f.name || ', ' || to_char(bk.date, 'DD Mon YYYY')
           || coalesce(' (' || (SELECT string_agg(to_char(s.start_time, 'HH24:MI') || '–' || to_char(s.end_time, 'HH24:MI'), ', ' ORDER BY s.start_time)
                               FROM booked_time_slot s WHERE s.booking_id = bk.id) || ')', '') AS description
  FROM booking bk
  JOIN organisation o ON o.id = bk.organisation_id
  JOIN centre c ON c.id = bk.centre_id
  JOIN facility f ON f.id = bk.facility_id
  JOIN sport sp ON sp.id = f.sport_id
), r AS (
  SELECT b.*, CASE WHEN b.seller_gstin = '' THEN 0 ELSE 18 END AS rate,
         b.seller_state = '' OR b.place_of_supply = '' OR lower(trim(b.seller_state)) = lower(trim(b.place_of_supply)) AS intra,
         CASE WHEN extract(month FROM b.inv_date) >= 4 THEN extract(year FROM b.inv_date)::int ELSE extract(year FROM b.inv_date)::int - 1 END AS fy
  FROM b
), t AS (
  SELECT r.*, round(r.booking_amount * 100 / (100 + r.rate), 2) AS taxable FROM r
), x AS (
  SELECT t.*,
         CASE WHEN t.intra THEN round(t.taxable * t.rate / 200, 2) ELSE 0 END AS half,
         CASE WHEN t.intra THEN 0 ELSE round(t.taxable * t.rate / 100, 2) END AS igst,
         lpad((t.fy % 100)::text, 2, '0') || '-' || lpad(((t.fy + 1) % 100)::text, 2, '0') AS fy_label
  FROM t
)
SELECT x.*, row_number() OVER (PARTITION BY x.organisation_id, x.fy_label ORDER BY x.created_at, x.id) AS n FROM x;
--> statement-breakpoint
INSERT INTO invoice (organisation_id, kind, number, date, module, source_type, source_id, source_label, centre_id, bill_of_supply, seller,
                     buyer_name, buyer_phone, buyer_email, place_of_supply, taxable_value, cgst, sgst, igst, round_off, total, paid, status,
                     created_by, created_at, updated_at)
SELECT organisation_id, 'invoice', 'INV/' || fy_label || '/' || lpad(n::text, 5, '0'), inv_date, 'Booking Management', 'booking', id, code, centre_id,
       seller_gstin = '',
       jsonb_build_object('name', seller_name, 'address', seller_address, 'gstin', seller_gstin, 'state', seller_state, 'phone', seller_phone, 'email', seller_email),
       name, mobile, email, place_of_supply, taxable, half, half, igst, booking_amount - taxable - 2 * half - igst, booking_amount, paid_amount,
       CASE WHEN status = 'cancelled' THEN 'cancelled' WHEN paid_amount >= booking_amount AND paid_amount > 0 THEN 'paid'
            WHEN paid_amount > 0 THEN 'partially_paid' ELSE 'issued' END,
       created_by, created_at, created_at
FROM legacy_invoice;
--> statement-breakpoint
INSERT INTO invoice_line (organisation_id, invoice_id, position, description, sac_code, quantity, unit_price, discount, taxable_value, gst_rate, cgst, sgst, igst, total)
SELECT l.organisation_id, i.id, 1, l.description, l.sac_code, 1, l.sub_total, l.discount, l.taxable, l.rate, l.half, l.half, l.igst, l.taxable + 2 * l.half + l.igst
FROM legacy_invoice l JOIN invoice i ON i.organisation_id = l.organisation_id AND i.kind = 'invoice' AND i.source_type = 'booking' AND i.source_id = l.id;
--> statement-breakpoint
INSERT INTO document_sequence (organisation_id, name, last_value)
SELECT organisation_id, 'INV:' || fy_label, max(n) FROM legacy_invoice GROUP BY organisation_id, fy_label
ON CONFLICT (organisation_id, name) DO UPDATE SET last_value = greatest(document_sequence.last_value, excluded.last_value);
--> statement-breakpoint
INSERT INTO ledger_entry (organisation_id, date, kind, direction, type, amount, payment_mode_id, reference, module, source_type, source_id,
                          source_label, party, invoice_id, centre_id, recorded_by, created_at)
SELECT p.organisation_id, p.paid_on, 'receipt', 'in', 'income', p.amount, p.payment_mode_id,
       -- A 12-digit reference recorded twice before UTRs were unique keeps both payments, the later one marked.
       CASE WHEN p.reference ~ '^[0-9]{12}$' AND row_number() OVER (PARTITION BY p.organisation_id, p.reference ORDER BY p.id) > 1
            THEN p.reference || '/' || row_number() OVER (PARTITION BY p.organisation_id, p.reference ORDER BY p.id) ELSE p.reference END,
       'Booking Management', 'booking', b.id, b.code, b.name, i.id, b.centre_id, p.received_by, p.created_at
FROM booking_payment p
JOIN booking b ON b.id = p.booking_id
LEFT JOIN invoice i ON i.organisation_id = b.organisation_id AND i.kind = 'invoice' AND i.source_type = 'booking' AND i.source_id = b.id
ORDER BY p.id;
--> statement-breakpoint
DROP TABLE "booking_payment" CASCADE;
