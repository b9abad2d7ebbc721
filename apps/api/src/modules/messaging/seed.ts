/**
 * Demo data of the messaging engine: a template for every automatic rule (English, and one in
 * Hindi to show Unicode SMS parts), the rules switched on, 500 SMS credits and a month of delivery
 * log (sent, delivered, failed and skipped) to the demo's members.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/client.js';
import type { DemoHistory } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { addCredits } from './credits.service.js';
import { messageRule, messageTemplate } from './schema.js';
import { audiences, renderTemplateFor } from './send.service.js';
import { loadSettings } from './settings.service.js';

type Seeded = {
  channel: 'sms' | 'whatsapp' | 'email';
  name: string;
  module: 'membership' | 'booking' | 'crm' | 'diet' | 'training' | 'accommodation';
  body: string;
  subject?: string;
  trigger?: string;
  offset?: number;
};

const TEMPLATES: Seeded[] = [
  {
    channel: 'sms',
    name: 'Welcome',
    module: 'membership',
    trigger: 'membership.welcome',
    body: 'Welcome to {organisation}, {first_name}! Your member code is {member_code}. See you at {centre}.',
  },
  {
    channel: 'whatsapp',
    name: 'Birthday wishes',
    module: 'membership',
    trigger: 'membership.birthday',
    body: 'Happy birthday, {first_name}! Everyone at {organisation} wishes you a great year ahead.',
  },
  {
    channel: 'sms',
    name: 'Membership expiring',
    module: 'membership',
    trigger: 'membership.expiring',
    offset: 7,
    body: 'Hi {first_name}, your {plan} membership ends on {end_date}. Renew at {centre} to keep your batch. - {organisation}',
  },
  {
    channel: 'sms',
    name: 'Membership expired',
    module: 'membership',
    trigger: 'membership.expired',
    offset: 0,
    body: 'Hi {first_name}, your {plan} membership ended on {end_date}. We miss you at {centre}! - {organisation}',
  },
  {
    channel: 'sms',
    name: 'Payment due',
    module: 'membership',
    trigger: 'membership.payment_due',
    offset: 3,
    body: 'Hi {first_name}, Rs {due} is due on your {plan} membership. Please pay at {centre}. - {organisation}',
  },
  {
    channel: 'whatsapp',
    name: 'Service expiring',
    module: 'membership',
    trigger: 'membership.service_expiring',
    offset: 3,
    body: 'Hi {first_name}, your {service} ends on {end_date}. Reply to renew. - {organisation}',
  },
  {
    channel: 'sms',
    name: 'Booking confirmed',
    module: 'booking',
    trigger: 'booking.confirmed',
    body: 'Booking {booking_code} confirmed: {facility}, {slot} at {centre}. - {organisation}',
  },
  {
    channel: 'whatsapp',
    name: 'Booking reminder',
    module: 'booking',
    trigger: 'booking.reminder',
    offset: 3,
    body: 'Reminder: {facility} at {centre}, {slot} (booking {booking_code}). See you soon!',
  },
  {
    channel: 'whatsapp',
    name: 'Hostel welcome',
    module: 'accommodation',
    trigger: 'accommodation.check_in_welcome',
    body: 'Welcome to the hostel, {first_name}! Your room: {room}, until {check_out}. - {organisation}',
  },
  {
    channel: 'sms',
    name: 'Hostel rent due',
    module: 'accommodation',
    trigger: 'accommodation.rent_due',
    offset: 5,
    body: 'Dear {first_name}, hostel rent of Rs {due} for {room} is due. Please pay at the desk. - {organisation}',
  },
  {
    channel: 'whatsapp',
    name: 'Hostel check-out reminder',
    module: 'accommodation',
    trigger: 'accommodation.check_out_reminder',
    offset: 1,
    body: 'Hi {first_name}, your stay in {room} ends on {check_out}. Please clear dues and return the keys. - {organisation}',
  },
  {
    channel: 'sms',
    name: 'सदस्यता समाप्ति (Hindi)',
    module: 'membership',
    body: 'नमस्ते {first_name}, आपकी {plan} सदस्यता {end_date} को समाप्त हो रही है। कृपया {centre} पर नवीनीकरण करें।',
  },
  {
    channel: 'sms',
    name: 'Renewal reminder',
    module: 'crm',
    body: 'Hi {first_name}, your {plan} ends on {end_date}. Renew at {centre} and keep your slot. - {organisation}',
  },
  {
    channel: 'sms',
    name: 'Festive offer',
    module: 'crm',
    body: 'Hi {first_name}, this festive season get 15% off every plan at {organisation}. Offer ends Sunday.',
  },
  {
    channel: 'whatsapp',
    name: 'Free trial invite',
    module: 'crm',
    body: 'Hi {first_name}, thank you for asking about {organisation}! Come in for a free trial session this week.',
  },
  {
    channel: 'sms',
    name: 'Follow-up due',
    module: 'crm',
    trigger: 'enquiry_follow_up_due',
    body: 'Hi {first_name}, follow up with {enquiry_name} ({enquiry_phone}) today.',
  },
  {
    channel: 'whatsapp',
    name: 'Your diet plan',
    module: 'diet',
    body: 'Hi {first_name}, your diet plan {plan} ({kcal} kcal a day) starts on {start_date}. Ask your trainer for the printed chart. - {organisation}',
  },
  {
    channel: 'email',
    name: 'Diet plan by e-mail',
    module: 'diet',
    subject: 'Your diet plan: {plan}',
    body: 'Hi {first_name},\n\nYour diet plan {plan} starts on {start_date}: about {kcal} kcal a day. Your trainer has the full chart for you at {centre}.\n\n{organisation}',
  },
  {
    channel: 'whatsapp',
    name: 'Your workout plan',
    module: 'training',
    body: 'Hi {first_name}, your workout plan {plan} starts on {start_date}. See you on the floor! - {organisation}',
  },
  {
    channel: 'email',
    name: 'Monthly newsletter',
    module: 'membership',
    subject: 'What is new at {organisation}',
    body: 'Hi {first_name},\n\nNew batches start next week at {centre}. Ask the desk for a free trial.\n\n{organisation}',
  },
];

export async function seedMessaging(tx: Tx, ctx: Ctx): Promise<DemoHistory> {
  await loadSettings(tx, ctx);
  const ids = new Map<string, { id: number; channel: string; body: string }>();
  for (const t of TEMPLATES) {
    const [row] = await tx
      .insert(messageTemplate)
      .values({
        organisationId: ctx.organisationId,
        channel: t.channel,
        name: t.name,
        module: t.module,
        body: t.body,
        subject: t.subject ?? '',
      })
      .returning();
    ids.set(t.name, { id: row.id, channel: row.channel, body: row.body });
    if (t.trigger)
      await tx
        .insert(messageRule)
        .values({ organisationId: ctx.organisationId, trigger: t.trigger, module: t.module, templateId: row.id, offset: t.offset ?? 0 });
  }
  await addCredits(tx, ctx, 500, 'seed', 'Demo credits');

  // A month of delivery log to active members (once every module's history is written), in one statement.
  return { steps: [], after: () => seedLog(tx, ctx, ids) };
}

async function seedLog(tx: Tx, ctx: Ctx, ids: Map<string, { id: number; channel: string; body: string }>): Promise<void> {
  const active = audiences().find((a) => a.key === 'active_members');
  const people = active ? await active.resolve(tx, ctx, { param: null, ids: [], limit: 60 }) : [];
  if (!people.length) return;
  const expiring = ids.get('Membership expiring')!;
  const welcome = ids.get('Welcome')!;
  const rows = people.flatMap((p, i) => {
    const template = i % 3 === 0 ? welcome : expiring;
    const day = (i * 7) % 30;
    const status = i % 11 === 0 ? 'failed' : i % 13 === 0 ? 'skipped' : i % 4 === 0 ? 'sent' : 'delivered';
    return [
      {
        kind: p.kind,
        rid: p.id,
        name: p.name,
        address: p.phone,
        body: renderTemplateFor(ctx, template.body, p),
        template: template.id,
        status,
        error: status === 'failed' ? 'MSG91: number in DND' : status === 'skipped' ? 'Opted out of SMS.' : '',
        credits: status === 'skipped' ? 0 : 1,
        day,
      },
    ];
  });
  await queryRows(
    tx,
    sql`insert into message (organisation_id, channel, status, module, provider, provider_message_id, credits, recipient_kind, recipient_id,
          recipient_name, address, body, template_id, source, error, attempts, not_before, sent_at, delivered_at, created_at, updated_at)
        select ${ctx.organisationId}, 'sms', x.status, 'membership', case when x.status = 'skipped' then '' else 'offline' end,
          case when x.status in ('sent', 'delivered') then 'demo-' || x.rid || '-' || x.day else '' end, x.credits, x.kind, x.rid, x.name,
          x.address, x.body, x.template, 'auto', x.error, case when x.status = 'skipped' then 0 else 1 end, at, 
          case when x.status in ('sent', 'delivered') then at end, case when x.status = 'delivered' then at + interval '5 seconds' end, at, at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(kind text, rid bigint, name text, address text, body text, template bigint,
          status text, error text, credits int, day int),
        lateral (select now() - make_interval(days => x.day, hours => 2) as at) t`,
  );
}
