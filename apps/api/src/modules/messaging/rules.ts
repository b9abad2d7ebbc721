/**
 * The automatic rules' task: for each organisation (its own transaction and time zone; one's
 * failure never stops another) and each active rule, the trigger's `due` recipients are queued
 * with their event keys. The unique key (rule, event key) makes a second run — or a second
 * instance running at the same moment — write nothing more.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { withTenant, type Database } from '../../platform/db/client.js';
import { organisation } from '../../platform/db/schema.js';
import type { Config } from '../../platform/config.js';
import { ApiError } from '../../platform/errors.js';
import type { Task } from '../../platform/jobs.js';
import { systemCtx } from '../../platform/request-context.js';
import { triggerOf } from './admin.service.js';
import { RULES_TASK } from './constants.js';
import { messageRule, messageTemplate } from './schema.js';
import { queueMessages } from './send.service.js';
import { isReadOnly } from '../../platform/subscription-guard.js';

export interface RuleRun {
  rule: number;
  trigger: string;
  due: number;
  queued: number;
  error?: string;
}

/** Runs one organisation's active rules now; answers what each did. */
export async function runRules(
  db: Database,
  config: Config,
  organisationId: number,
  now = new Date(),
  log?: FastifyBaseLogger,
): Promise<RuleRun[]> {
  const [org] = await db.select().from(organisation).where(eq(organisation.id, organisationId));
  // A read-only organisation (subscription expired past its grace) sends nothing on its own (issue 23 §2).
  if (!org || !org.isActive || isReadOnly(org, now)) return [];
  const ctx = systemCtx(config, org, 'messaging-rules', now);
  const rules = await withTenant(db, organisationId, (tx) =>
    tx
      .select()
      .from(messageRule)
      .where(and(eq(messageRule.organisationId, organisationId), eq(messageRule.isActive, true))),
  );
  const runs: RuleRun[] = [];
  for (const rule of rules) {
    const trigger = triggerOf(rule.trigger);
    if (!trigger) continue;
    try {
      // Each rule in its own transaction: a rule refused for credits leaves the others to run.
      const run = await withTenant(db, organisationId, async (tx) => {
        const [template] = await tx
          .select()
          .from(messageTemplate)
          .where(and(eq(messageTemplate.organisationId, organisationId), eq(messageTemplate.id, rule.templateId)));
        if (!template?.isActive) return { rule: rule.id, trigger: rule.trigger, due: 0, queued: 0, error: 'template switched off' };
        const due = await trigger.due(tx, ctx, { offset: rule.offset, today: ctx.now.today, now: ctx.now.instant });
        const result = due.length
          ? await queueMessages(tx, ctx, {
              channel: template.channel,
              module: rule.module,
              template,
              recipients: due,
              source: 'auto',
              rule: rule.id,
            })
          : null;
        await tx
          .update(messageRule)
          .set({ lastRunAt: now })
          .where(and(eq(messageRule.organisationId, organisationId), eq(messageRule.id, rule.id)));
        return { rule: rule.id, trigger: rule.trigger, due: due.length, queued: result?.ids.length ?? 0 };
      });
      runs.push(run);
    } catch (err) {
      const error = err instanceof ApiError ? JSON.stringify(err.body) : err instanceof Error ? err.message : String(err);
      log?.warn({ organisation: organisationId, rule: rule.id, error }, 'automatic message rule not run');
      runs.push({ rule: rule.id, trigger: rule.trigger, due: 0, queued: 0, error });
    }
  }
  return runs;
}

/** `messaging.rules`: every active organisation's rules, then their drain. */
export const rulesTask: Task = {
  name: RULES_TASK,
  async run(_payload, { db, config, log }) {
    const orgs = await db.select({ id: organisation.id }).from(organisation).where(eq(organisation.isActive, true));
    for (const org of orgs) {
      try {
        await runRules(db, config, org.id, new Date(), log);
      } catch (err) {
        log.error({ err, organisation: org.id }, 'automatic message rules failed');
      }
    }
  },
};
