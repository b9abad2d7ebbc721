/**
 * Choosing many members at once (assigning a diet or a workout plan to them): the members named,
 * a batch's, or those whose running membership is of a membership plan — exactly one of the three.
 * The server resolves the choice with membership's `selectMembers`.
 */
import { z } from './zod-config.js';
import { idSchema } from './common.js';

/** Most members one request may choose (named, or in the batch or on the plan). */
export const MEMBER_SELECTION_MAX = 1000;

export const memberSelectionFields = {
  members: z.array(idSchema).max(MEMBER_SELECTION_MAX, `At most ${MEMBER_SELECTION_MAX} members at once.`).optional(),
  batch: idSchema.optional(),
  /** The members whose running membership is of this membership plan. */
  plan_filter: idSchema.optional(),
};
export type MemberSelection = { members?: number[]; batch?: number; plan_filter?: number };

/** One of the three ways, and at least one member when they are named (a superRefine step). */
export function checkMemberSelection(v: MemberSelection, ctx: z.RefinementCtx): void {
  const chosen = [v.members !== undefined, v.batch !== undefined, v.plan_filter !== undefined].filter(Boolean).length;
  if (chosen !== 1)
    ctx.addIssue({ code: 'custom', path: ['members'], message: 'Choose members, a batch or a membership plan (one of them).' });
  else if (v.members && !v.members.length) ctx.addIssue({ code: 'custom', path: ['members'], message: 'Choose at least one member.' });
}
