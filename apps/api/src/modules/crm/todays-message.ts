/**
 * Message from today's actions: a template to everyone on a tab in its window (or to the members
 * chosen on it), through the messaging engine — each person's own plan or service, end date and
 * due filled in — and a "message" contact logged for each person it was queued for, in the same
 * transaction. At most 10,000 people; a preview counts and costs without writing.
 */
import { CHANNEL_LABELS } from '@arena/contracts/messaging';
import type { TodaysMessage, todaysMessageInputSchema } from '@arena/contracts/crm';
import type { z } from '@arena/contracts/kit';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { MESSAGE_RECIPIENTS_MAX, type MessageRecipient } from '../../platform/module.js';
import type { Ctx } from '../../platform/request-context.js';
import { dmyDate } from '../../platform/time.js';
import { memberContacts, todaysActions } from '../membership/index.js';
import { activeTemplate, queueMessages } from '../messaging/index.js';
import { idArray } from '../../platform/db/client.js';

type Input = z.output<typeof todaysMessageInputSchema>;

export async function messageTodaysActions(tx: Tx, ctx: Ctx, input: Input): Promise<TodaysMessage & { ids: number[] }> {
  const template = await activeTemplate(tx, ctx, input.template, input.channel);
  const days = input.days ?? (input.tab.endsWith('expired') ? 30 : 7);
  const { rows } = await todaysActions(tx, ctx, {
    tab: input.tab,
    days,
    centre: input.centre ?? undefined,
    limit: MESSAGE_RECIPIENTS_MAX,
    offset: 0,
  });
  const chosen = new Set(input.members);
  // One message a person: their first row on the tab (the soonest end) speaks for them.
  const seen = new Set<number>();
  const picked = rows.filter((r) => (!chosen.size || chosen.has(r.member)) && !seen.has(r.member) && (seen.add(r.member), true));
  const contacts = await memberContacts(
    tx,
    ctx,
    picked.map((r) => r.member),
  );
  const recipients: MessageRecipient[] = picked.map((r) => {
    return {
      kind: 'member',
      id: r.member,
      name: r.name,
      phone: r.phone,
      email: contacts.get(r.member)?.email ?? '',
      values: {
        // first_name, last_name, name and phone come from the recipient (the engine's `valuesOf`).
        member_code: r.member_code,
        centre: r.centre_name,
        end_date: dmyDate(r.end_date),
        due: Number(r.due).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
        ...(r.kind === 'membership' ? { plan: r.item } : { service: r.item }),
      },
    };
  });
  const result = await queueMessages(tx, ctx, {
    channel: input.channel,
    module: 'crm',
    template,
    recipients,
    source: 'todays_action',
    preview: input.preview,
  });
  const reached = result.queuedFor.filter((r) => r.kind === 'member').map((r) => r.id);
  if (reached.length) {
    // A contact each for those it was queued for (not the skipped), in one statement.
    await tx.execute(
      sql`insert into crm_contact_log (organisation_id, member_id, kind, note, user_id, at)
          select ${ctx.organisationId}, m, 'message', ${`${CHANNEL_LABELS[input.channel]}: ${template.name}`}, ${ctx.actor.actorId}::bigint,
            ${ctx.now.instant.toISOString()}::timestamptz
          from unnest(${idArray(reached)}) as m`,
    );
  }
  const word = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
  return {
    count: result.count,
    skipped: result.skipped,
    credits: result.credits,
    balance: result.balance,
    not_before: result.notBefore?.toISOString() ?? null,
    queued: result.queued,
    ids: result.ids,
    detail: input.preview
      ? `${word(result.count)} on this list; ${result.skipped} would be skipped.`
      : `${CHANNEL_LABELS[input.channel]} to ${word(result.queued)}${result.skipped ? `; ${result.skipped} skipped (opted out or no address)` : ''}.`,
  };
}
