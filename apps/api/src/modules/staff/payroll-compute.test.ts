import { describe, expect, it } from 'vitest';
import { computePayroll, mulDivRound, percentToBp, workingDaysOf, type PayrollFacts } from './payroll-compute.js';

const base: PayrollFacts = {
  salaryType: 'monthly',
  basePay: 30_000_00,
  workingDays: 26,
  present: 26,
  halfDays: 0,
  leaveDays: 0,
  absentDays: 0,
  paidLeaveAllowance: 0,
  minutes: 0,
  sessions: 0,
  commissionSales: 0,
  commissionPercent: '0.00',
  bonus: 0,
  advance: 0,
  otherDeductions: 0,
  pfEnabled: false,
  esiEnabled: false,
};
const amount = (c: ReturnType<typeof computePayroll>, label: string) => c.computation.find((l) => l.label === label)?.amount;

describe('payroll computation', () => {
  it('working days leave out the weekly off day', () => {
    expect(workingDaysOf('2026-11', 7)).toBe(25); // November 2026 has 5 Sundays
    expect(workingDaysOf('2026-02', 7)).toBe(24);
    expect(workingDaysOf('2026-11', null)).toBe(30);
    expect(workingDaysOf('2024-02', 4)).toBe(24); // leap February from a Thursday: five Thursdays off
  });

  it('prorates a monthly salary by paid days over working days', () => {
    expect(computePayroll(base).baseAmount).toBe(30_000_00);
    const c = computePayroll({ ...base, present: 20 });
    expect(c.baseAmount).toBe(mulDivRound(30_000_00, 40, 52)); // 20/26 of 30,000 = 23,076.92
    expect(c.baseAmount).toBe(23_076_92);
    expect(amount(c, 'Base pay')).toBe('23076.92');
    expect(c.computation[0].formula).toContain('20 paid days');
    expect(c.computation[0].formula).toContain('÷ 26 working days');
  });

  it('counts a half day as 0.5 and pays leave up to the allowance', () => {
    const c = computePayroll({ ...base, present: 20, halfDays: 1, leaveDays: 3, paidLeaveAllowance: 2 });
    expect(c.presentDays).toBe('20.5');
    expect(c.paidLeaveDays).toBe(2);
    expect(c.paidDays).toBe('22.5');
    expect(c.baseAmount).toBe(25_961_54); // 30,000 × 22.5 / 26 = 25,961.538… → .54
  });

  it('never pays more than the working days', () => {
    expect(computePayroll({ ...base, present: 27, leaveDays: 2, paidLeaveAllowance: 2 }).baseAmount).toBe(30_000_00);
  });

  it('pays hourly by check-in/out minutes', () => {
    const c = computePayroll({ ...base, salaryType: 'hourly', basePay: 250_00, minutes: 90 * 60 + 20 });
    expect(c.hours).toBe('90.33');
    expect(c.baseAmount).toBe(22_583_33); // 250 × 90.333… = 22,583.33
  });

  it('pays per session', () => {
    const c = computePayroll({ ...base, salaryType: 'per_session', basePay: 500_00, sessions: 17 });
    expect(c.baseAmount).toBe(8_500_00);
    expect(c.computation[0].formula).toBe('17 sessions × ₹500.00 a session');
  });

  it('takes commission on net sales, never on a negative net', () => {
    expect(computePayroll({ ...base, commissionSales: 1_00_000_00, commissionPercent: '2.50' }).commission).toBe(2_500_00);
    expect(computePayroll({ ...base, commissionSales: -5_000_00, commissionPercent: '10.00' }).commission).toBe(0);
    expect(computePayroll({ ...base, commissionSales: 333, commissionPercent: '12.50' }).commission).toBe(42); // 41.625 → 42
    expect(percentToBp('0.75')).toBe(75);
  });

  it('PF is 12 % of basic with basic capped at ₹15,000', () => {
    expect(computePayroll({ ...base, pfEnabled: true }).pf).toBe(1_800_00);
    expect(computePayroll({ ...base, basePay: 10_000_00, pfEnabled: true }).pf).toBe(1_200_00);
    expect(computePayroll({ ...base, pfEnabled: false }).pf).toBe(0);
  });

  it('ESI is 0.75 % only while gross is at most ₹21,000', () => {
    expect(computePayroll({ ...base, basePay: 21_000_00, esiEnabled: true }).esi).toBe(157_50);
    expect(computePayroll({ ...base, basePay: 21_000_01, esiEnabled: true }).esi).toBe(0);
    expect(computePayroll({ ...base, basePay: 18_000_33, esiEnabled: true }).esi).toBe(135_00); // 135.002… → 135.00
    const over = computePayroll({ ...base, esiEnabled: true });
    expect(over.computation.find((l) => l.label === 'ESI')?.formula).toContain('above ₹21,000.00');
  });

  it('nets gross less every deduction, rounded half up to the paisa', () => {
    const c = computePayroll({ ...base, bonus: 1_000_00, advance: 2_000_00, otherDeductions: 50_50, pfEnabled: true });
    expect(c.gross).toBe(31_000_00);
    expect(c.totalDeductions).toBe(1_800_00 + 2_000_00 + 50_50);
    expect(c.net).toBe(31_000_00 - 3_850_50);
    expect(amount(c, 'Net pay')).toBe('27149.50');
    expect(mulDivRound(5, 1, 2)).toBe(3); // 2.5 → 3
    expect(mulDivRound(1, 1, 3)).toBe(0);
    expect(mulDivRound(2, 1, 3)).toBe(1);
  });
});
