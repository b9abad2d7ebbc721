import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  creditNoteDeadline,
  creditNoteTooLate,
  documentNumber,
  financialYear,
  GST_RATES,
  numberInWords,
  rateOn,
  splitInclusive,
} from './gst.js';
import { GSTIN_CHECK_MESSAGE, GSTIN_MESSAGE, gstinCheckCharacter, gstinSchema } from './tax.js';

describe('financial years', () => {
  it('run from April to March', () => {
    expect(financialYear('2026-11-23')).toEqual({ start: '2026-04-01', end: '2027-03-31', label: '26-27' });
    expect(financialYear('2027-03-31').label).toBe('26-27');
    expect(financialYear('2027-04-01').label).toBe('27-28');
    expect(financialYear('2099-12-31').label).toBe('99-00');
  });
});

describe('document numbers', () => {
  it('read prefix/year/number with at least five digits', () => {
    expect(documentNumber('INV', '26-27', 17)).toBe('INV/26-27/00017');
    expect(documentNumber('CN', '26-27', 3)).toBe('CN/26-27/00003');
    expect(documentNumber('INV', '26-27', 999_999)).toBe('INV/26-27/999999');
  });

  it('refuse what GST does not allow: over 16 characters, other characters, or no positive number', () => {
    expect(() => documentNumber('INV', '26-27', 1_000_000)).toThrow(/16/);
    expect(() => documentNumber('IN V', '26-27', 1)).toThrow(/valid/);
    expect(() => documentNumber('INV', '26-27', 0)).toThrow(RangeError);
  });
});

describe('the rate in force', () => {
  const fitness = [
    { rate: 18, from: '2017-07-01' },
    { rate: 5, from: '2025-09-22' },
  ];
  it('is the latest period starting on or before the date', () => {
    expect(rateOn(fitness, '2025-09-21')).toBe(18);
    expect(rateOn(fitness, '2025-09-22')).toBe(5);
    expect(rateOn(fitness, '2026-11-23')).toBe(5);
    expect(rateOn([...fitness].reverse(), '2024-01-01')).toBe(18);
    expect(rateOn(fitness, '2017-06-30')).toBeNull();
  });
});

describe('splitting a tax-inclusive price', () => {
  it('takes 18 % out of ₹1,180 as ₹1,000 taxable and ₹90 + ₹90 within the state', () => {
    expect(splitInclusive(118_000, 18, true)).toEqual({ taxable: 100_000, cgst: 9_000, sgst: 9_000, igst: 0, total: 118_000 });
  });

  it('charges IGST at the whole rate across states', () => {
    expect(splitInclusive(118_000, 18, false)).toEqual({ taxable: 100_000, cgst: 0, sgst: 0, igst: 18_000, total: 118_000 });
  });

  it('rounds the tax to the paisa and takes the taxable value as the rest, so the line is exactly its price', () => {
    // ₹999 at 18 %: the taxable value in it is 846.61…, 9 % of that 76.1949… → CGST = SGST = 76.19, taxable 999 − 152.38.
    expect(splitInclusive(99_900, 18, true)).toEqual({ taxable: 84_662, cgst: 7_619, sgst: 7_619, igst: 0, total: 99_900 });
    // Across states: 18 % of 846.61… = 152.389… → IGST 152.39, taxable 846.61.
    expect(splitInclusive(99_900, 18, false)).toEqual({ taxable: 84_661, cgst: 0, sgst: 0, igst: 15_239, total: 99_900 });
  });

  it('adds up to every price from 1 paisa to ₹1,000 at every rate, each tax head within a paisa of its rate on the taxable value', () => {
    for (const rate of GST_RATES)
      for (const intra of [true, false]) {
        let worstHead = 0;
        let worstTax = 0;
        for (let price = 1; price <= 100_000; price++) {
          const s = splitInclusive(price, rate, intra);
          if (s.taxable + s.cgst + s.sgst + s.igst !== price || s.total !== price || s.cgst !== s.sgst || s.taxable < 0)
            expect.fail(`${price} paise at ${rate} % (${intra ? 'intra' : 'inter'}-state) splits as ${JSON.stringify(s)}`);
          // CGST and SGST each carry half the rate, IGST all of it.
          const head = intra ? s.cgst - (s.taxable * rate) / 200 : s.igst - (s.taxable * rate) / 100;
          worstHead = Math.max(worstHead, Math.abs(head));
          worstTax = Math.max(worstTax, Math.abs(s.cgst + s.sgst + s.igst - (s.taxable * rate) / 100));
        }
        const where = `${rate} % ${intra ? 'intra' : 'inter'}-state`;
        // Rounding a head on the implied taxable value moves it by half a paisa; taking the tax out of
        // the taxable value moves it by (1 + rate) times that: still under a paisa at 40 %.
        expect(worstHead, where).toBeLessThanOrEqual((1 + rate / 100) / 2 + 1e-9);
        expect(worstHead, where).toBeLessThan(1);
        // The whole tax: one head across states; within one, two equal halves make an even number of
        // paise, which may be up to (1 + rate) paise from the rate on the taxable value.
        expect(worstTax, where).toBeLessThanOrEqual(intra ? 1 + rate / 100 + 1e-9 : 1);
      }
  });

  it('stays exact for amounts beyond what a float product holds', () => {
    const price = 9_000_000_000_001; // ₹9,000 crore and a paisa: price × rate is past 2^53
    expect(Number.isSafeInteger(price)).toBe(true);
    const s = splitInclusive(price, 18, false);
    expect(BigInt(s.taxable) + BigInt(s.igst)).toBe(BigInt(price));
    expect(Number((BigInt(price) * 1800n * 2n + 11_800n) / (2n * 11_800n))).toBe(s.igst);
  });

  it('treats 0 % (nil-rated or exempt) as all taxable value and no tax', () => {
    expect(splitInclusive(250_000, 0, true)).toEqual({ taxable: 250_000, cgst: 0, sgst: 0, igst: 0, total: 250_000 });
  });

  it('splits 5 % for gym services (SAC 999723) as 2.5 % + 2.5 %', () => {
    expect(splitInclusive(210_000, 5, true)).toEqual({ taxable: 200_000, cgst: 5_000, sgst: 5_000, igst: 0, total: 210_000 });
  });

  it('refuses amounts that are not whole paise and rates outside 0–100', () => {
    expect(() => splitInclusive(10.5, 18, true)).toThrow(RangeError);
    expect(() => splitInclusive(-1, 18, true)).toThrow(RangeError);
    expect(() => splitInclusive(100, 118, true)).toThrow(RangeError);
  });
});

describe('amounts in words', () => {
  it('use Indian numbering', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(15)).toBe('Fifteen');
    expect(numberInWords(105)).toBe('One Hundred Five');
    expect(numberInWords(1_800)).toBe('One Thousand Eight Hundred');
    expect(numberInWords(150_000)).toBe('One Lakh Fifty Thousand');
    expect(numberInWords(99_99_999)).toBe('Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine');
    expect(numberInWords(12_34_56_789)).toBe('Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine');
  });

  it('read as a tax invoice writes them', () => {
    expect(amountInWords(15_000_000)).toBe('Rupees One Lakh Fifty Thousand Only');
    expect(amountInWords(118_050)).toBe('Rupees One Thousand One Hundred Eighty and Fifty Paise Only');
    expect(amountInWords(1)).toBe('Rupees Zero and One Paise Only');
  });
});

describe('a GSTIN as it is entered', () => {
  it('takes a GSTIN whose check character matches, upper-cased', () => {
    expect(gstinSchema.parse('27aapfu0939f1zv')).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.parse('29AAHCD1234K1ZL')).toBe('29AAHCD1234K1ZL');
    expect(gstinSchema.parse('')).toBe('');
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a typing mistake (a wrong check character), a bad shape and an unknown state code', () => {
    expect(gstinSchema.safeParse('29AAHCD1234K1Z5').error?.issues.map((i) => i.message)).toEqual([GSTIN_CHECK_MESSAGE]);
    // One changed character of a valid GSTIN.
    expect(gstinSchema.safeParse('27AAPFU0939F2ZV').success).toBe(false);
    expect(gstinSchema.safeParse('29ABC').error?.issues.map((i) => i.message)).toEqual([GSTIN_MESSAGE]);
    expect(gstinSchema.safeParse('99AAPFU0939F1ZV').error?.issues.map((i) => i.message)).toEqual([GSTIN_MESSAGE]);
  });
});

describe('credit note deadline (section 34(2))', () => {
  it("is 30 November after the end of the supply's financial year", () => {
    expect(creditNoteDeadline('2025-04-01')).toBe('2026-11-30');
    expect(creditNoteDeadline('2026-03-31')).toBe('2026-11-30');
    expect(creditNoteDeadline('2026-04-01')).toBe('2027-11-30');
    expect(creditNoteTooLate('2026-03-31', '2026-11-30')).toBeNull();
    expect(creditNoteTooLate('2026-03-31', '2026-12-01')).toBe(
      'A credit note for a supply of 2025-26 could not be issued after 30 Nov 2026 (section 34(2) of the CGST Act). ' +
        'Give the money back without a tax adjustment instead: the invoice keeps its tax.',
    );
  });
});
