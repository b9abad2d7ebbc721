/**
 * The data of a big club for the report bench, written in bulk as the database owner (set-based
 * SQL with generate_series, not request by request), into a database the app has migrated and
 * the demo seed has filled:
 * - the organisation `subdomain` (the demo's, whose owner can log in) grows to 5,000 members with
 *   two years of memberships (renewal chains, some dues and instalments), member services,
 *   ≈ 1,000,000 check-ins, a year of bookings (plus a month ahead) on its facilities, and two
 *   years of manual income and expenses — each sale with its invoice, line and receipts on the
 *   ledger, as the money module writes them (≈ 100,000 ledger rows);
 * - 200 small organisations beside it, each with a centre, a plan, a few members and memberships
 *   (invoiced and paid) and a few bookings, so row-level security and the organisation_id
 *   indexes have other tenants' rows to skip.
 * `scale` multiplies the members (and with them memberships, attendance), the bookings' days and
 * the small organisations; 1 is the full size. ANALYZE runs at the end.
 */
import postgres from 'postgres';

export interface BigClubCounts {
  seconds: number;
  organisationId: number;
  members: number;
  memberships: number;
  memberServices: number;
  invoices: number;
  ledgerRows: number;
  attendance: number;
  bookings: number;
  smallOrganisations: number;
}

export interface SeedBigOptions {
  /** 1 = the full size (5,000 members, 200 small organisations). */
  scale?: number;
  /** The big organisation (default `demo`, seeded by `seedDemo`). */
  subdomain?: string;
  /** Keep triggers and foreign-key checks on while inserting (slower; proves the rows are valid). */
  checks?: boolean;
}

/** Seeds the big club and its neighbours; returns what it wrote and how long it took. */
export async function seedBigClub(ownerUrl: string, options: SeedBigOptions = {}): Promise<BigClubCounts> {
  const scale = options.scale ?? 1;
  const started = performance.now();
  const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    const [org] = await owner<{ id: string }[]>`select id from organisation where subdomain = ${options.subdomain ?? 'demo'}`;
    if (!org) throw new Error(`no organisation ${options.subdomain ?? 'demo'}: seed the demo first`);
    const orgId = Number(org.id);
    const targetMembers = Math.max(50, Math.round(5000 * scale));
    const bookingDays = Math.max(14, Math.round(365 * Math.min(1, scale * 4)));
    const smallOrgs = Math.max(5, Math.round(200 * scale));
    await owner.begin(async (tx) => {
      await tx`set local statement_timeout = 0`;
      // Foreign keys and triggers are checks of rows written one by one; this seed writes valid
      // rows in bulk (a run with `checks` proves it) and skips them for speed.
      if (!options.checks) await tx`set local session_replication_role = replica`;
      // Many statements in one simple-protocol round trip each; the numbers are integers of ours.
      await tx.unsafe(bigClubSql(orgId, targetMembers, bookingDays)).simple();
      await tx.unsafe(smallOrganisationsSql(orgId, smallOrgs)).simple();
    });
    await owner`analyze`;
    const [c] = await owner<Record<string, string>[]>`select
      (select count(*) from member where organisation_id = ${orgId}) as members,
      (select count(*) from membership where organisation_id = ${orgId}) as memberships,
      (select count(*) from member_service where organisation_id = ${orgId}) as member_services,
      (select count(*) from invoice where organisation_id = ${orgId}) as invoices,
      (select count(*) from ledger_entry where organisation_id = ${orgId}) as ledger_rows,
      (select count(*) from member_attendance where organisation_id = ${orgId}) as attendance,
      (select count(*) from booking where organisation_id = ${orgId}) as bookings`;
    return {
      seconds: (performance.now() - started) / 1000,
      organisationId: orgId,
      members: Number(c.members),
      memberships: Number(c.memberships),
      memberServices: Number(c.member_services),
      invoices: Number(c.invoices),
      ledgerRows: Number(c.ledger_rows),
      attendance: Number(c.attendance),
      bookings: Number(c.bookings),
      smallOrganisations: smallOrgs,
    };
  } finally {
    await owner.end();
  }
}

/**
 * The big club: organisation `org`, `members` members in all, `bookingDays` days of past bookings. Dates are the
 * organisation's (Asia/Kolkata, as the demo). Prices include GST (18 % before 22 Sep 2025, 5 %
 * from then for fitness; 18 % for renting a court), split into CGST and SGST as the invoices do.
 */
const bigClubSql = (org: number, members: number, bookingDays: number) => `
create temp table bench_today on commit drop as select (now() at time zone 'Asia/Kolkata')::date as today;
create temp table bench_param on commit drop as select ${org}::bigint as org, ${members}::int as members, ${bookingDays}::int as booking_days;

-- Members: numbered after the demo's, joined over the last two years; one in five stops renewing.
create temp table bench_member on commit drop as
with p as (select * from bench_param), t as (select * from bench_today),
existing as (select count(*)::int as n from member, p where member.organisation_id = p.org),
centres as (select array_agg(id order by id) as ids from centre, p where centre.organisation_id = p.org),
plans as (select array_agg(id order by id) filter (where sessions is null and duration_unit = 'month') as ids
          from membership_plan, p where membership_plan.organisation_id = p.org)
select i, p.org,
       'MEM-B' || lpad(i::text, 6, '0') as member_code,
       (array['Asha','Priya','Kavya','Meera','Arjun','Rahul','Vikram','Karthik','Rohan','Imran','Joseph','Divya'])[1 + i % 12] as first_name,
       (array['Nair','Rao','Reddy','Iyer','Sharma','Gowda','Menon','Shetty','Kulkarni','Pillai','Khan','Patel','Das'])[1 + (i * 7) % 13] as last_name,
       case when i % 12 < 4 or i % 12 = 11 then 'female' else 'male' end as gender,
       '7' || lpad(i::text, 9, '0') as phone,
       centres.ids[1 + i % array_length(centres.ids, 1)] as centre_id,
       t.today - ((i * 7919) % 730) as joined_on,
       case when i % 20 < 12 then plans.ids[1] when i % 20 < 17 then plans.ids[2] when i % 20 < 19 then plans.ids[3] else plans.ids[4] end as plan_id,
       case when i % 5 = 0 then t.today - ((i * 7919) % 730) + 60 + (i * 37) % 400 else t.today end as stop_on
from p, t, existing, centres, plans, generate_series(1, greatest(p.members - existing.n, 0)) i;

insert into member (organisation_id, member_code, first_name, last_name, gender, date_of_birth, phone, email, centre_id, joined_on, source)
select org, member_code, first_name, last_name, gender, date '1985-01-01' + (i * 13) % 9000, phone,
       lower(first_name || '.' || last_name || i || '@example.com'), centre_id, joined_on,
       (array['walk-in','referral','online','enquiry'])[1 + i % 4]
from bench_member;

alter table bench_member add column member_id bigint;
update bench_member b set member_id = m.id from member m where m.organisation_id = b.org and m.member_code = b.member_code;

-- Memberships: a renewal chain per member from the day they joined, each starting the day after the last ended.
create temp table bench_membership on commit drop as
select b.member_id, b.org, b.centre_id, b.plan_id, b.member_code, b.first_name || ' ' || b.last_name as party, k,
       pl.name as plan_name, pl.price, case when k = 0 then pl.joining_fee else 0 end as joining_fee,
       (b.joined_on + make_interval(months => k * pl.duration_value))::date as start_date,
       (b.joined_on + make_interval(months => (k + 1) * pl.duration_value) - interval '1 day')::date as end_date
from bench_member b join membership_plan pl on pl.id = b.plan_id, generate_series(0, 24) k
where (b.joined_on + make_interval(months => k * pl.duration_value))::date <= b.stop_on;

insert into membership (organisation_id, member_id, plan_id, centre_id, label, party, start_date, base_end_date, end_date,
                        price, discount, joining_fee, total, paid, status)
select org, member_id, plan_id, centre_id, plan_name || ' · ' || member_code, party, start_date, end_date, end_date,
       price, 0, joining_fee, price + joining_fee, price + joining_fee,
       case when end_date < t.today then 'expired' when start_date > t.today then 'upcoming'
            when end_date <= t.today + 7 then 'expiring' else 'active' end
from bench_membership, bench_today t
order by member_id, start_date;

-- Dues: one in nine pays 60 %; four in nine pay half now and half ten days later (if that day has come).
update membership m set paid = case when m.id % 9 = 0 then round(m.total * 0.6, 0) else round(m.total * 0.5, 0) end
from bench_today t
where m.organisation_id = (select org from bench_param) and m.member_id in (select member_id from bench_member)
  and (m.id % 9 = 0 or (m.id % 9 between 1 and 4 and m.start_date + 10 > t.today));

-- The chain: each membership renews the one before it.
update membership m set renewed_from_id = prev.id
from (select id, lag(id) over (partition by member_id order by start_date) as prev_id
      from membership where organisation_id = (select org from bench_param) and member_id in (select member_id from bench_member)) c
join membership prev on prev.id = c.prev_id
where m.id = c.id and c.prev_id is not null;

update member mb set status = case cur.status when 'upcoming' then 'active' when 'cancelled' then 'inactive' else cur.status end,
                     current_membership_id = cur.id
from (select distinct on (member_id) id, member_id, status from membership
      where organisation_id = (select org from bench_param) and member_id in (select member_id from bench_member) and start_date <= (select today from bench_today)
      order by member_id, start_date desc) cur
where mb.id = cur.member_id;

-- Member services: four in ten members keep one, renewed every 30 days for up to a year.
insert into member_service (organisation_id, member_id, service_id, centre_id, label, party, start_date, end_date, price, discount, total, paid, status,
                            sessions_total, sessions_left)
select b.org, b.member_id, s.id, b.centre_id, s.name || ' · ' || b.member_code, b.first_name || ' ' || b.last_name,
       b.joined_on + 30 * k, b.joined_on + 30 * k + s.duration_days - 1, s.price, 0, s.price, s.price,
       case when b.joined_on + 30 * k + s.duration_days - 1 < t.today then 'expired' else 'active' end, s.sessions, s.sessions
from bench_member b, bench_today t, generate_series(0, 11) k,
     lateral (select * from membership_service s where s.organisation_id = b.org order by s.id offset b.i % 3 limit 1) s
where b.i % 10 < 4 and b.joined_on + 30 * k <= least(b.stop_on, t.today);

-- Invoices of the memberships and services, one line each, numbered after every existing one.
insert into invoice (organisation_id, kind, number, date, module, source_type, source_id, source_label, centre_id, seller,
                     buyer_name, buyer_phone, buyer_email, place_of_supply, taxable_value, cgst, sgst, total, paid, status)
select s.org, 'invoice', 'INV/B/' || s.source_type || '/' || s.id, s.start_date, 'Membership Management', s.source_type, s.id, s.label, s.centre_id,
       seller.seller, s.party, mb.phone, mb.email, 'Karnataka', s.taxable, s.cgst, s.total - s.taxable - s.cgst, s.total, s.paid,
       case when s.paid = s.total then 'paid' when s.paid > 0 then 'partially_paid' else 'issued' end
from (select x.*, round(x.total / (1 + x.rate / 100.0), 2) as taxable,
             round((x.total - round(x.total / (1 + x.rate / 100.0), 2)) / 2, 2) as cgst
      from (select 'membership' as source_type, m.id, m.organisation_id as org, m.member_id, m.start_date, m.label, m.centre_id, m.party, m.total, m.paid,
                   case when m.start_date < date '2025-09-22' then 18 else 5 end as rate
            from membership m where m.organisation_id = (select org from bench_param) and m.member_id in (select member_id from bench_member)
            union all
            select 'member_service', ms.id, ms.organisation_id, ms.member_id, ms.start_date, ms.label, ms.centre_id, ms.party, ms.total, ms.paid,
                   case when ms.start_date < date '2025-09-22' then 18 else 5 end
            from member_service ms where ms.organisation_id = (select org from bench_param) and ms.member_id in (select member_id from bench_member)) x) s
join member mb on mb.id = s.member_id,
     (select seller from invoice where organisation_id = (select org from bench_param) order by id limit 1) seller;

insert into invoice_line (organisation_id, invoice_id, position, description, sac_code, quantity, unit_price, taxable_value, gst_rate, cgst, sgst, total)
select i.organisation_id, i.id, 1, i.source_label, '999723', 1, i.total, i.taxable_value,
       case when i.date < date '2025-09-22' then 18 else 5 end, i.cgst, i.sgst, i.total
from invoice i where i.organisation_id = (select org from bench_param) and i.number like 'INV/B/%';

-- Receipts: the sale day's payment, and for some a second instalment ten days later.
create temp table bench_modes on commit drop as
select array_agg(id order by id) as ids from payment_mode where organisation_id = (select org from bench_param);
insert into ledger_entry (organisation_id, date, kind, direction, type, amount, payment_mode_id, module, source_type, source_id, source_label,
                          party, invoice_id, centre_id)
select r.org, r.date, 'receipt', 'in', 'income', r.amount, modes.ids[1 + r.source_id % array_length(modes.ids, 1)],
       'Membership Management', r.source_type, r.source_id, r.label, r.party, r.invoice_id, r.centre_id
from bench_modes modes, (
  select i.organisation_id as org, i.source_type, i.source_id, i.source_label as label, i.buyer_name as party, i.id as invoice_id, i.centre_id,
         i.date, case when i.paid = i.total and i.source_id % 9 between 1 and 4 and i.date + 10 <= t.today then round(i.total * 0.5, 0) else i.paid end as amount
  from invoice i, bench_today t where i.organisation_id = (select org from bench_param) and i.number like 'INV/B/%' and i.paid > 0
  union all
  select i.organisation_id, i.source_type, i.source_id, i.source_label, i.buyer_name, i.id, i.centre_id, i.date + 10, i.total - round(i.total * 0.5, 0)
  from invoice i, bench_today t where i.organisation_id = (select org from bench_param) and i.number like 'INV/B/%' and i.paid = i.total
    and i.source_id % 9 between 1 and 4 and i.date + 10 <= t.today) r
where r.amount > 0;

-- Check-ins: on about 61 % of the days of each membership up to today, morning or evening, an hour and a quarter each.
insert into member_attendance (organisation_id, member_id, membership_id, centre_id, date, check_in, check_out, source)
select m.organisation_id, m.member_id, m.id, m.centre_id, d::date,
       (d::date + make_interval(hours => (case when m.member_id % 2 = 0 then 6 else 17 end + (m.member_id + extract(doy from d)::int) % 3)::int,
                                mins => ((m.member_id * 7 + extract(doy from d)::int) % 60)::int)) at time zone 'Asia/Kolkata',
       case when d::date = t.today and m.member_id % 3 = 0 then null
            else (d::date + make_interval(hours => (case when m.member_id % 2 = 0 then 7 else 18 end + (m.member_id + extract(doy from d)::int) % 3)::int,
                                          mins => (15 + (m.member_id * 7 + extract(doy from d)::int) % 45)::int)) at time zone 'Asia/Kolkata' end,
       case when (m.member_id + extract(doy from d)::int) % 5 < 2 then 'qr' else 'desk' end
from membership m, bench_today t, generate_series(m.start_date, least(m.end_date, t.today), interval '1 day') d
where m.organisation_id = (select org from bench_param) and m.member_id in (select member_id from bench_member)
  and ((m.member_id * 2654435761 + (d::date - date '2000-01-01') * 40503) % 1000003) % 100 < 61;

-- Bookings: every slot of every facility, on about 70 % of the days of the past N days and the next 30.
insert into booking_client (organisation_id, name, mobile, email)
select p.org, 'Bench Client ' || i, '6' || lpad(i::text, 9, '0'), 'client' || i || '@example.com'
from bench_param p, generate_series(1, 2000) i
on conflict do nothing;
create temp table bench_booking on commit drop as
select f.organisation_id as org, f.id as facility_id, f.centre_id, ts.id as slot_id, ts.start_time, ts.end_time, ts.price, d::date as date,
       abs(hashint8(ts.id * 100000 + (d::date - date '2000-01-01'))) as h
from bench_param p, bench_today t, facility f join time_slot ts on ts.facility_id = f.id and ts.archived_at is null,
     generate_series(t.today - p.booking_days, t.today + 30, interval '1 day') d
where f.organisation_id = p.org and abs(hashint8(ts.id * 100000 + (d::date - date '2000-01-01'))) % 100 < 70
  and not exists (select 1 from booked_time_slot x where x.organisation_id = p.org and x.facility_id = f.id and x.date = d::date
                  and x.time_slot_id = ts.id and x.is_active);
insert into booking (organisation_id, code, centre_id, facility_id, client_id, date, source, status, name, mobile, email,
                     sub_total, tax, booking_amount, paid_amount, cancelled_at)
select b.org, 'BB-' || b.facility_id || '-' || b.date || '-' || b.slot_id, b.centre_id, b.facility_id, c.id, b.date,
       case when b.h % 3 = 0 then 'online' else 'desk' end,
       case when b.h % 29 = 0 then 'cancelled' when b.date >= t.today then 'confirmed' when b.h % 17 = 0 then 'no_show' else 'completed' end,
       c.name, c.mobile, c.email, b.price, b.price - round(b.price / 1.18, 2), b.price,
       case when b.h % 29 = 0 or (b.date > t.today and b.h % 2 = 0) then 0 else b.price end,
       case when b.h % 29 = 0 then b.date - 1 end
from bench_booking b, bench_today t,
     lateral (select id, name, mobile, email from booking_client where organisation_id = b.org and mobile = '6' || lpad((1 + b.h % 2000)::text, 9, '0')) c;
insert into booked_time_slot (organisation_id, booking_id, facility_id, time_slot_id, date, start_time, end_time, price, is_active)
select bk.organisation_id, bk.id, b.facility_id, b.slot_id, b.date, b.start_time, b.end_time, b.price, bk.status <> 'cancelled'
from bench_booking b join booking bk on bk.organisation_id = b.org and bk.code = 'BB-' || b.facility_id || '-' || b.date || '-' || b.slot_id;
insert into invoice (organisation_id, kind, number, date, module, source_type, source_id, source_label, centre_id, seller,
                     buyer_name, buyer_phone, place_of_supply, taxable_value, cgst, sgst, total, paid, status)
select bk.organisation_id, 'invoice', 'INV/BB/' || bk.id, bk.date, 'Booking Management', 'booking', bk.id, bk.code, bk.centre_id, seller.seller,
       bk.name, bk.mobile, 'Karnataka', round(bk.booking_amount / 1.18, 2), round((bk.booking_amount - round(bk.booking_amount / 1.18, 2)) / 2, 2),
       bk.booking_amount - round(bk.booking_amount / 1.18, 2) - round((bk.booking_amount - round(bk.booking_amount / 1.18, 2)) / 2, 2),
       bk.booking_amount, bk.paid_amount, case when bk.paid_amount = bk.booking_amount then 'paid' else 'issued' end
from booking bk, (select seller from invoice where organisation_id = (select org from bench_param) order by id limit 1) seller
where bk.organisation_id = (select org from bench_param) and bk.code like 'BB-%' and bk.status <> 'cancelled';
insert into invoice_line (organisation_id, invoice_id, position, description, sac_code, quantity, unit_price, taxable_value, gst_rate, cgst, sgst, total)
select i.organisation_id, i.id, 1, 'Court booking ' || i.source_label, '999652', 1, i.total, i.taxable_value, 18, i.cgst, i.sgst, i.total
from invoice i where i.organisation_id = (select org from bench_param) and i.number like 'INV/BB/%';
insert into ledger_entry (organisation_id, date, kind, direction, type, amount, payment_mode_id, module, source_type, source_id, source_label,
                          party, invoice_id, centre_id)
select i.organisation_id, least(i.date, t.today), 'receipt', 'in', 'income', i.paid, modes.ids[1 + i.source_id % array_length(modes.ids, 1)],
       'Booking Management', 'booking', i.source_id, i.source_label, i.buyer_name, i.id, i.centre_id
from invoice i, bench_modes modes, bench_today t
where i.organisation_id = (select org from bench_param) and i.number like 'INV/BB/%' and i.paid > 0;

-- Manual income and expenses: four expenses and one income a day for two years, each with its ledger movement.
insert into income_expense (organisation_id, type, title, category_id, centre_id, amount, date, payment_mode_id, reference)
select p.org, c.type, c.name || ' ' || d::date, c.id, (select min(id) from centre where organisation_id = p.org),
       (500 + (k * 7919 + (d::date - date '2000-01-01') * 31) % 20000)::numeric(12, 2), d::date,
       modes.ids[1 + k % array_length(modes.ids, 1)], 'BENCH-' || d::date || '-' || k
from bench_param p, bench_today t, bench_modes modes, generate_series(t.today - 729, t.today, interval '1 day') d, generate_series(0, 4) k,
     lateral (select id, name, type from money_category mc where mc.organisation_id = p.org and mc.type = case when k = 4 then 'income' else 'expense' end
              order by case when k = 4 then -id else id end offset case when k = 4 then 0 else k end limit 1) c;
insert into ledger_entry (organisation_id, date, kind, direction, type, amount, payment_mode_id, reference, module, source_type, source_id,
                          source_label, category_id, centre_id)
select ie.organisation_id, ie.date, case when ie.type = 'income' then 'receipt' else 'payment' end, case when ie.type = 'income' then 'in' else 'out' end,
       ie.type, ie.amount, ie.payment_mode_id, ie.reference, 'Income/Expenses Management', 'income_expense', ie.id, ie.title, ie.category_id, ie.centre_id
from income_expense ie where ie.organisation_id = (select org from bench_param) and ie.reference like 'BENCH-%';
update income_expense ie set ledger_entry_id = l.id from ledger_entry l
where l.organisation_id = ie.organisation_id and l.source_type = 'income_expense' and l.source_id = ie.id and ie.reference like 'BENCH-%';
`;

/** `count` small organisations; the big organisation `org` lends its plan and seller. */
const smallOrganisationsSql = (org: number, count: number) => `
create temp table bench_small on commit drop as
select i, 'bench-small-' || i as subdomain from generate_series(1, ${count}::int) i;
insert into organisation (subdomain, display_name, account_number, subscription_plan_id, due_date, email)
select s.subdomain, 'Small Club ' || s.i, 'ARNB' || lpad(s.i::text, 6, '0'), o.subscription_plan_id, o.due_date, s.subdomain || '@example.com'
from bench_small s, organisation o where o.id = ${org}::bigint;
alter table bench_small add column org bigint;
update bench_small s set org = o.id from organisation o where o.subdomain = s.subdomain;
insert into centre (organisation_id, name) select org, 'Main' from bench_small;
insert into payment_mode (organisation_id, name) select org, m from bench_small, unnest(array['Cash','UPI']) m;
insert into sport (organisation_id, name) select org, 'Badminton' from bench_small;
insert into membership_plan (organisation_id, name, duration_value, duration_unit, price) select org, 'Monthly', 1, 'month', 1200 from bench_small;
insert into member (organisation_id, member_code, first_name, gender, phone, centre_id, joined_on, status)
select s.org, 'MEM-' || lpad(k::text, 5, '0'), 'Member ' || k, 'female', '8' || lpad((s.i * 10 + k)::text, 9, '0'), c.id,
       (now() at time zone 'Asia/Kolkata')::date - 20 * k, 'active'
from bench_small s join centre c on c.organisation_id = s.org, generate_series(1, 5) k;
insert into membership (organisation_id, member_id, plan_id, centre_id, label, party, start_date, base_end_date, end_date, price, total, paid, status)
select m.organisation_id, m.id, p.id, m.centre_id, 'Monthly · ' || m.member_code, m.first_name, m.joined_on,
       (m.joined_on + interval '1 month' - interval '1 day')::date, (m.joined_on + interval '1 month' - interval '1 day')::date, 1200, 1200, 1200,
       case when (m.joined_on + interval '1 month' - interval '1 day')::date < (now() at time zone 'Asia/Kolkata')::date then 'expired' else 'active' end
from member m join bench_small s on s.org = m.organisation_id join membership_plan p on p.organisation_id = m.organisation_id;
insert into invoice (organisation_id, kind, number, date, module, source_type, source_id, source_label, centre_id, seller, buyer_name,
                     taxable_value, cgst, sgst, total, paid, status)
select m.organisation_id, 'invoice', 'INV/S/' || m.id, m.start_date, 'Membership Management', 'membership', m.id, m.label, m.centre_id, seller.seller,
       m.party, 1142.86, 28.57, 28.57, 1200, 1200, 'paid'
from membership m join bench_small s on s.org = m.organisation_id,
     (select seller from invoice where organisation_id = ${org}::bigint order by id limit 1) seller;
insert into invoice_line (organisation_id, invoice_id, position, description, unit_price, taxable_value, gst_rate, cgst, sgst, total)
select i.organisation_id, i.id, 1, i.source_label, 1200, 1142.86, 5, 28.57, 28.57, 1200
from invoice i join bench_small s on s.org = i.organisation_id;
insert into ledger_entry (organisation_id, date, kind, direction, type, amount, payment_mode_id, module, source_type, source_id, source_label,
                          party, invoice_id, centre_id)
select i.organisation_id, i.date, 'receipt', 'in', 'income', 1200, (select min(id) from payment_mode pm where pm.organisation_id = i.organisation_id),
       'Membership Management', 'membership', i.source_id, i.source_label, i.buyer_name, i.id, i.centre_id
from invoice i join bench_small s on s.org = i.organisation_id;
insert into member_attendance (organisation_id, member_id, membership_id, centre_id, date, check_in, check_out)
select m.organisation_id, m.member_id, m.id, m.centre_id, d::date, d::date + time '07:00', d::date + time '08:00'
from membership m join bench_small s on s.org = m.organisation_id,
     generate_series(m.start_date, least(m.end_date, (now() at time zone 'Asia/Kolkata')::date - 1), interval '3 days') d;
insert into facility (organisation_id, centre_id, sport_id, name, enable_online_booking)
select s.org, c.id, sp.id, 'Court 1', true from bench_small s join centre c on c.organisation_id = s.org join sport sp on sp.organisation_id = s.org;
insert into slot_group (organisation_id, facility_id, name) select f.organisation_id, f.id, 'Day' from facility f join bench_small s on s.org = f.organisation_id;
insert into time_slot (organisation_id, facility_id, slot_group_id, start_time, end_time, price)
select g.organisation_id, g.facility_id, g.id, make_time(h, 0, 0), make_time(h + 1, 0, 0), 400
from slot_group g join bench_small s on s.org = g.organisation_id, generate_series(7, 8) h;
insert into booking_client (organisation_id, name, mobile) select org, 'Client of ' || subdomain, '5' || lpad(i::text, 9, '0') from bench_small;
insert into booking (organisation_id, code, centre_id, facility_id, client_id, date, source, status, name, mobile, sub_total, booking_amount, paid_amount)
select ts.organisation_id, 'BK-S-' || ts.id || '-' || k, f.centre_id, f.id, c.id, (now() at time zone 'Asia/Kolkata')::date - 7 * k, 'desk',
       'completed', c.name, c.mobile, 400, 400, 400
from time_slot ts join bench_small s on s.org = ts.organisation_id join facility f on f.id = ts.facility_id
join booking_client c on c.organisation_id = ts.organisation_id, generate_series(1, 5) k;
insert into booked_time_slot (organisation_id, booking_id, facility_id, time_slot_id, date, start_time, end_time, price)
select b.organisation_id, b.id, b.facility_id, ts.id, b.date, ts.start_time, ts.end_time, 400
from booking b join bench_small s on s.org = b.organisation_id join time_slot ts on ts.organisation_id = b.organisation_id and ts.id = split_part(b.code, '-', 3)::bigint;
`;
