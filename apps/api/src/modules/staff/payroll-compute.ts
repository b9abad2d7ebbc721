/**
 * A payroll row's figures from its facts: pure, in paise, every amount rounded half up to the
 * paisa, and every line with the formula it was worked out by (the payslip prints them).
 */
import { formatInr, fromPaise } from '@arena/contracts';
import type { SalaryType } from '@arena/contracts/staff';
import type { PayrollLineJson } from './schema.js';

export const PF_RATE_BP = 1200; // 12 %
export const PF_BASIC_CAP_PAISE = 15_000_00;
export const ESI_RATE_BP = 75; // 0.75 %
export const ESI_GROSS_LIMIT_PAISE = 21_000_00;

export interface PayrollFacts {
  salaryType: SalaryType;
  /** Monthly salary, or the rate per hour or session, in paise. */
  basePay: number;
  workingDays: number;
  present: number;
  halfDays: number;
  leaveDays: number;
  absentDays: number;
  /** The category's paid-leave days a month. */
  paidLeaveAllowance: number;
  /** Minutes worked (check-in to check-out), for hourly pay. */
  minutes: number;
  sessions: number;
  /** Taxable value of the sales credited in the month, net of credit notes (may be negative: then no commission). */
  commissionSales: number;
  /** "12.50" */
  commissionPercent: string;
  bonus: number;
  advance: number;
  otherDeductions: number;
  pfEnabled: boolean;
  esiEnabled: boolean;
}

export interface PayrollFigures {
  presentDays: string;
  paidLeaveDays: number;
  paidDays: string;
  hours: string;
  baseAmount: number;
  commission: number;
  gross: number;
  pf: number;
  esi: number;
  totalDeductions: number;
  /** Gross − deductions; negative when the deductions exceed the gross (the caller refuses it). */
  net: number;
  computation: PayrollLineJson[];
}

/** round(a × num ÷ den), half up, for a, num ≥ 0 and den > 0, exact for any size (BigInt). */
export function mulDivRound(a: number, num: number, den: number): number {
  if (den <= 0) return 0;
  const n = BigInt(Math.round(a)) * BigInt(Math.round(num));
  const d = BigInt(Math.round(den));
  return Number((2n * n + d) / (2n * d));
}

/** "12.50" → 1250 basis points. */
export function percentToBp(percent: string): number {
  const [whole, frac = ''] = percent.split('.');
  return Number(whole) * 100 + Number((frac + '00').slice(0, 2));
}

const halves = (n: number) => (n % 2 === 0 ? String(n / 2) : `${(n - 1) / 2}.5`);
const inr = (paise: number) => formatInr(fromPaise(paise));
const line = (label: string, formula: string, amount: number): PayrollLineJson => ({ label, formula, amount: fromPaise(amount) });

export function computePayroll(f: PayrollFacts): PayrollFigures {
  const paidLeave = Math.min(f.leaveDays, f.paidLeaveAllowance);
  // Half-day units: present days count 2, a half day 1, a paid leave day 2.
  const presentHalves = 2 * f.present + f.halfDays;
  const paidHalves = Math.min(presentHalves + 2 * paidLeave, 2 * f.workingDays);
  const lines: PayrollLineJson[] = [];
  let base: number;
  const hours = (Math.round((f.minutes / 60) * 100) / 100).toFixed(2);
  if (f.salaryType === 'monthly') {
    base = mulDivRound(f.basePay, paidHalves, 2 * f.workingDays);
    const parts = [`${f.present} present`];
    if (f.halfDays) parts.push(`${f.halfDays} half day${f.halfDays === 1 ? '' : 's'} × 0.5`);
    if (f.leaveDays) parts.push(`${paidLeave} of ${f.leaveDays} leave paid (up to ${f.paidLeaveAllowance})`);
    const capped = presentHalves + 2 * paidLeave > paidHalves ? ', at most the working days' : '';
    lines.push(
      line(
        'Base pay',
        `${inr(f.basePay)} × ${halves(paidHalves)} paid days (${parts.join(' + ')}${capped}) ÷ ${f.workingDays} working days`,
        base,
      ),
    );
  } else if (f.salaryType === 'hourly') {
    base = mulDivRound(f.basePay, f.minutes, 60);
    lines.push(line('Base pay', `${hours} hours (check-in to check-out) × ${inr(f.basePay)} an hour`, base));
  } else {
    base = f.basePay * f.sessions;
    lines.push(line('Base pay', `${f.sessions} session${f.sessions === 1 ? '' : 's'} × ${inr(f.basePay)} a session`, base));
  }
  const bp = percentToBp(f.commissionPercent);
  const sales = Math.max(0, f.commissionSales);
  const commission = bp > 0 ? mulDivRound(sales, bp, 10_000) : 0;
  if (bp > 0 || f.commissionSales !== 0)
    lines.push(
      line('Commission', `${f.commissionPercent} % × ${inr(sales)} sales credited (taxable value, net of credit notes)`, commission),
    );
  if (f.bonus) lines.push(line('Bonus', 'Entered', f.bonus));
  const gross = base + commission + f.bonus;
  lines.push(line('Gross pay', 'Base pay + commission + bonus', gross));
  const pf = f.pfEnabled ? mulDivRound(Math.min(base, PF_BASIC_CAP_PAISE), PF_RATE_BP, 10_000) : 0;
  if (f.pfEnabled)
    lines.push(
      line(
        'PF',
        base > PF_BASIC_CAP_PAISE
          ? `12 % × ${inr(PF_BASIC_CAP_PAISE)} (basic ${inr(base)}, capped at ₹15,000.00)`
          : `12 % × basic ${inr(base)}`,
        pf,
      ),
    );
  const esiApplies = f.esiEnabled && gross <= ESI_GROSS_LIMIT_PAISE;
  const esi = esiApplies ? mulDivRound(gross, ESI_RATE_BP, 10_000) : 0;
  if (f.esiEnabled)
    lines.push(line('ESI', esiApplies ? `0.75 % × gross ${inr(gross)}` : `None: gross ${inr(gross)} is above ₹21,000.00`, esi));
  if (f.advance) lines.push(line('Advance', 'Entered', f.advance));
  if (f.otherDeductions) lines.push(line('Other deductions', 'Entered', f.otherDeductions));
  const totalDeductions = pf + esi + f.advance + f.otherDeductions;
  lines.push(line('Total deductions', 'PF + ESI + advance + other deductions', totalDeductions));
  const net = gross - totalDeductions;
  lines.push(line('Net pay', 'Gross pay − total deductions', Math.max(net, 0)));
  return {
    presentDays: halves(presentHalves),
    paidLeaveDays: paidLeave,
    paidDays: halves(paidHalves),
    hours,
    baseAmount: base,
    commission,
    gross,
    pf,
    esi,
    totalDeductions,
    net,
    computation: lines,
  };
}

/** The working days of a month (yyyy-MM): its days less each `weeklyOff` ISO weekday (null: none). */
export function workingDaysOf(month: string, weeklyOff: number | null): number {
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (weeklyOff == null) return days;
  let off = 0;
  for (let d = 1; d <= days; d++) {
    const iso = ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
    if (iso === weeklyOff) off++;
  }
  return days - off;
}

/** The first and last day of a month (yyyy-MM). */
export function monthBounds(month: string): { from: string; to: string; days: number } {
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(days).padStart(2, '0')}`, days };
}
