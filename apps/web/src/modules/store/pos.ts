/**
 * The point of sale's pure rules, kept apart from the screen so they are tested alone: the cart
 * (add or bump, steppers, discount), the payment split (the first row is Cash for the whole total
 * until the desk changes it; a row left to balance takes what the others leave) and a barcode
 * scanner's keystrokes typed while no field has the focus.
 */
import { fromPaise, toPaise } from '@arena/contracts/kit';

// ---- the cart ----

export interface CartLine {
  sub_product: number;
  label: string;
  /** The tax-inclusive unit price, as the API gives it ("1999.00"). */
  price: string;
  quantity: number;
  /** Off the line's total, tax-inclusive ("0.00"; what the desk typed, tidied at checkout). */
  discount: string;
  barcode: string;
  sku: string;
}

/** What the scanner or the search found, as the cart needs it (a `SubProduct` fits). */
export interface CartProduct {
  id: number;
  label: string;
  price: string;
  barcode: string;
  sku: string;
}

/** The cart with `product` added: one more unit of its line when it is already there (bumped), else a new line at the top. */
export function addToCart(cart: readonly CartLine[], product: CartProduct, quantity = 1): CartLine[] {
  const at = cart.findIndex((l) => l.sub_product === product.id);
  if (at >= 0) return cart.map((l, i) => (i === at ? { ...l, quantity: l.quantity + quantity } : l));
  return [
    {
      sub_product: product.id,
      label: product.label,
      price: product.price,
      quantity,
      discount: '0.00',
      barcode: product.barcode,
      sku: product.sku,
    },
    ...cart,
  ];
}

/** The line's quantity set (at least 1: removing is its own button). */
export const setQuantity = (cart: readonly CartLine[], subProduct: number, quantity: number): CartLine[] =>
  cart.map((l) => (l.sub_product === subProduct ? { ...l, quantity: Math.max(1, Math.floor(quantity) || 1) } : l));

export const setDiscount = (cart: readonly CartLine[], subProduct: number, discount: string): CartLine[] =>
  cart.map((l) => (l.sub_product === subProduct ? { ...l, discount } : l));

export const removeLine = (cart: readonly CartLine[], subProduct: number): CartLine[] => cart.filter((l) => l.sub_product !== subProduct);

/** A discount as the API takes it: "0.00" when empty or unreadable. */
export const discountRequest = (text: string): string => {
  const paise = toPaise(text.trim() || '0');
  return paise === null || paise < 0 ? '0.00' : fromPaise(paise);
};

/** The cart's lines as checkout/quote take them. */
export const cartRequestLines = (cart: readonly CartLine[]) =>
  cart.map((l) => ({ sub_product: l.sub_product, quantity: l.quantity, discount: discountRequest(l.discount) }));

/** The cart at its shelf prices less discounts (what the bar shows until the server's quote answers). */
export const estimateTotal = (cart: readonly CartLine[]): string =>
  fromPaise(cart.reduce((n, l) => n + Math.max(0, (toPaise(l.price) ?? 0) * l.quantity - (toPaise(discountRequest(l.discount)) ?? 0)), 0));

/** Units in the cart (the badge over it). */
export const cartUnits = (cart: readonly CartLine[]) => cart.reduce((n, l) => n + l.quantity, 0);

// ---- the payment split ----

export interface PaymentRow {
  /** A key for React. */
  key: number;
  payment_mode: string;
  amount: string;
  reference: string;
  /** Balances the sale: takes what the rows the desk typed leave of the total (the first row, until its amount is typed). */
  auto: boolean;
}

export interface Mode {
  id: number;
  name: string;
}

/** Cash when the organisation has a mode of that name, else its first mode ('' without modes). */
export function defaultMode(modes: readonly Mode[]): string {
  const cash = modes.find((m) => /cash/i.test(m.name)) ?? modes[0];
  return cash ? String(cash.id) : '';
}

/** The mode a new row suggests: UPI when not taken, else the first mode not taken yet, else the default. */
export function nextMode(modes: readonly Mode[], rows: readonly PaymentRow[]): string {
  const taken = new Set(rows.map((r) => r.payment_mode));
  const free = modes.filter((m) => !taken.has(String(m.id)));
  const upi = free.find((m) => /upi/i.test(m.name)) ?? free[0];
  return upi ? String(upi.id) : defaultMode(modes);
}

const paiseOf = (amount: string) => {
  const p = toPaise(amount.trim() || '0');
  return p === null || p < 0 ? 0 : p;
};

/**
 * The rows with their balancing amounts: the rows the desk typed keep theirs; the first `auto`
 * row takes what they leave of `total` (never below 0), and any later `auto` row 0.
 */
export function balancePayments(rows: readonly PaymentRow[], total: string): PaymentRow[] {
  const totalPaise = paiseOf(total);
  const typed = rows.filter((r) => !r.auto).reduce((n, r) => n + paiseOf(r.amount), 0);
  const rest = Math.max(0, totalPaise - typed);
  const first = rows.findIndex((r) => r.auto);
  return rows.map((r, i) => (r.auto ? { ...r, amount: fromPaise(i === first ? rest : 0) } : r));
}

/** The split a new sale starts with: one row, the default mode (Cash), balancing (the whole total). */
export function initialPayments(modes: readonly Mode[], total: string, key = 1): PaymentRow[] {
  return balancePayments([{ key, payment_mode: defaultMode(modes), amount: '0.00', reference: '', auto: true }], total);
}

/** "Add payment": a balancing row with the next mode (UPI); the rows before keep balancing as they did. */
export function addPayment(rows: readonly PaymentRow[], modes: readonly Mode[], total: string, key: number): PaymentRow[] {
  return balancePayments([...rows, { key, payment_mode: nextMode(modes, rows), amount: '0.00', reference: '', auto: true }], total);
}

/**
 * The desk typed an amount in a row: that row keeps it, and when no other row balances, the other
 * row of a two-way split does (cash 500 typed of 800 leaves UPI 300).
 */
export function typePaymentAmount(rows: readonly PaymentRow[], key: number, amount: string, total: string): PaymentRow[] {
  let next = rows.map((r) => (r.key === key ? { ...r, amount, auto: false } : r));
  if (!next.some((r) => r.auto) && next.length === 2) next = next.map((r) => (r.key === key ? r : { ...r, auto: true }));
  return balancePayments(next, total);
}

export function removePayment(rows: readonly PaymentRow[], key: number, total: string): PaymentRow[] {
  return balancePayments(
    rows.filter((r) => r.key !== key),
    total,
  );
}

export interface SplitSummary {
  paid: string;
  /** What the sale leaves owing (0.00 when paid in full). */
  due: string;
  /** What is paid beyond the total (the server refuses it). */
  over: string;
}

export function summarisePayments(rows: readonly PaymentRow[], total: string): SplitSummary {
  const paid = rows.reduce((n, r) => n + paiseOf(r.amount), 0);
  const t = paiseOf(total);
  return { paid: fromPaise(paid), due: fromPaise(Math.max(0, t - paid)), over: fromPaise(Math.max(0, paid - t)) };
}

/** The payments as checkout takes them: rows with an amount above 0 and a mode. */
export const paymentsRequest = (rows: readonly PaymentRow[]) =>
  rows
    .filter((r) => paiseOf(r.amount) > 0 && r.payment_mode)
    .map((r) => ({ payment_mode: Number(r.payment_mode), amount: fromPaise(paiseOf(r.amount)), reference: r.reference.trim() }));

// ---- a scanner's keystrokes ----

/** The most milliseconds between two keys of one scan: a scanner types a code in a few ms a key, a person far slower. */
export const SCAN_KEY_GAP_MS = 60;
/** The fewest characters a scanned code has (EAN-8 and up; a short SKU is typed in the search box). */
export const SCAN_MIN_LENGTH = 4;

/**
 * Collects the keys a scanner types while no field has the focus (a counter's scanner is a
 * keyboard): `key` returns the code when Enter ends a quick burst of at least `SCAN_MIN_LENGTH`
 * printable characters, else null. A slow key starts a new burst, so a person's typing is never a scan.
 */
export class ScanBuffer {
  private chars = '';
  private last = -Infinity;

  constructor(
    private readonly gap = SCAN_KEY_GAP_MS,
    private readonly minLength = SCAN_MIN_LENGTH,
  ) {}

  key(key: string, at: number): string | null {
    const quick = at - this.last <= this.gap;
    this.last = at;
    if (key === 'Enter') {
      const code = quick ? this.chars : '';
      this.chars = '';
      return code.length >= this.minLength ? code : null;
    }
    if (key.length !== 1) {
      // Shift and the like come with a scanner's capitals: they neither add nor break the burst.
      if (key !== 'Shift') this.chars = '';
      return null;
    }
    this.chars = quick ? this.chars + key : key;
    return null;
  }

  reset(): void {
    this.chars = '';
    this.last = -Infinity;
  }
}

/** Returnable units of a sold line. */
export const returnable = (line: { quantity: number; returned: number }) => Math.max(0, line.quantity - line.returned);
