/**
 * The discount cap of the `operate` level (issue 21): a user who only operates a module may give
 * a discount of at most the organisation's `operate_discount_cap_percent` of the price (10 % unless
 * the owner sets another in the organisation's profile); `manage` (and the owner) is not capped,
 * nor is work no user asked for (the demo seed, jobs: `ctx.levelIn` is unset).
 */
import { levelAtLeast, toPaise, type ModuleName } from '@arena/contracts';
import { fieldError } from './errors.js';
import type { Ctx } from './request-context.js';

export const discountCapMessage = (cap: string, module: ModuleName) =>
  `A discount above ${Number(cap)}% of the price needs the manage permission in ${module}.`;

/** Refuses on `discount` a discount above the cap for a user below `manage` in the module. */
export function checkDiscountCap(ctx: Ctx, module: ModuleName, discount: string | undefined, price: string, field = 'discount'): void {
  if (!ctx.levelIn || levelAtLeast(ctx.levelIn(module), 'manage')) return;
  const given = toPaise(discount ?? '0') ?? 0;
  if (given <= 0) return;
  const cap = ctx.organisation.operateDiscountCapPercent;
  // given / price > cap / 100, in integers of paise × basis points.
  if (given * 10_000 > (toPaise(price) ?? 0) * Math.round(Number(cap) * 100)) throw fieldError(field, discountCapMessage(cap, module));
}
