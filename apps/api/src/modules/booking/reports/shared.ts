/** What the booking reports share: sums of money from SQL, and the occupancy reports' window. */
import { fromPaise, moneyFromSql, signedPaise } from '@arena/contracts';
import type { WindowRule } from '../../../platform/report.js';

/** A sum from SQL (text or number, possibly negative: refunds) as a 2-decimal string. */
export const money = moneyFromSql;

export const sumMoney = (values: string[]) => fromPaise(values.reduce((s, v) => s + (signedPaise(v) ?? 0), 0));

/** The occupancy and client reports: the last 30 days by default, at most 92 days at once. */
export const BOUNDED_WINDOW: WindowRule = { default: 30, maxDays: 92 };
