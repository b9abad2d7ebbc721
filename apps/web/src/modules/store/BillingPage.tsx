import { customerInputSchema } from '@arena/contracts/store';
import { clsx } from 'clsx';
import { Camera, Minus, Plus, ScanLine, ShoppingCart, Trash2, UserPlus, UserRound, X } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { PhoneField, SelectField, TextField, TextareaField, optionsOf } from '../../components/form';
import { controlClass } from '../../components/form/Field';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { useCentres, usePaymentModes, useStaffChoices } from '../../lib/lookups';
import { notify } from '../../lib/notify';
import { useDebounced } from '../../lib/useDebounced';
import { useSidebar } from '../../state/sidebar';
import {
  addPayment,
  addToCart,
  balancePayments,
  cartRequestLines,
  cartUnits,
  estimateTotal,
  initialPayments,
  paymentsRequest,
  removeLine,
  removePayment,
  ScanBuffer,
  setDiscount,
  setQuantity,
  summarisePayments,
  typePaymentAmount,
  type CartLine,
  type PaymentRow,
} from './pos';
import { decodeEan13Frame } from './ean13';
import {
  scanCode,
  storeCustomers,
  useCheckout,
  useCustomerSearch,
  useProductSearch,
  useQuote,
  type CheckoutInput,
  type Customer,
  type Quote,
  type SubProduct,
} from './sales-api';

/** The API's rule, said before Checkout: a due is owed by someone it can be collected from. */
const DUE_NEEDS_BUYER = "A sale paid in part leaves a due on the customer: choose one, or enter the walk-in's name and phone.";

/** Who the sale is for: a saved customer, or a walk-in (a name and phone printed on the invoice, both optional). */
type Buyer = { kind: 'walk-in'; name: string; phone: string } | { kind: 'customer'; customer: Pick<Customer, 'id' | 'name' | 'phone'> };

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Store › Billing: the point of sale, for a phone at the counter or a desk with a scanner. Scan (or
 * type, or point the camera at) a barcode, adjust the cart, pick the customer, and Checkout: the
 * payment is Cash for the whole total until the desk splits it, so a sale is scan → Checkout.
 */
export function BillingPage() {
  const navigate = useNavigate();
  const sidebarCentre = useSidebar((s) => s.selectedCentre);
  const centres = useCentres();
  const [chosenCentre, setChosenCentre] = useState('');
  const centre = sidebarCentre || chosenCentre || (centres.data?.length ? String(centres.data[0].id) : '');
  const modes = usePaymentModes();
  const staff = useStaffChoices();

  const [cart, setCart] = useState<CartLine[]>([]);
  const [buyer, setBuyer] = useState<Buyer>({ kind: 'walk-in', name: '', phone: '' });
  const [soldBy, setSoldBy] = useState('');
  const [rows, setRows] = useState<PaymentRow[] | null>(null);
  const nextKey = useRef(2);
  const [announcement, setAnnouncement] = useState('');

  // ---- the quote: the cart priced by the server, a moment after the last change ----
  const body = useMemo<CheckoutInput | null>(
    () =>
      cart.length
        ? {
            centre: centre ? Number(centre) : undefined,
            customer: buyer.kind === 'customer' ? buyer.customer.id : null,
            customer_name: buyer.kind === 'walk-in' ? buyer.name.trim() : '',
            customer_phone: buyer.kind === 'walk-in' ? buyer.phone : '',
            lines: cartRequestLines(cart),
            payments: [],
            sold_by: soldBy ? Number(soldBy) : null,
          }
        : null,
    [cart, buyer, centre, soldBy],
  );
  const debouncedBody = useDebounced(body, 250);
  const quote = useQuote(debouncedBody);
  const quoteCurrent = !!body && debouncedBody === body && !quote.isFetching && !quote.isPlaceholderData && quote.isSuccess;
  const total = cart.length ? (quote.data?.total ?? '0.00') : '0.00';
  // Until the first quote answers, the bar shows the cart at its shelf prices.
  const shownTotal = quote.data || !cart.length ? total : estimateTotal(cart);

  // ---- the payment split: Cash for the whole total until the desk changes it ----
  const modeList = useMemo(() => modes.data ?? [], [modes.data]);
  const payments = balancePayments(rows ?? initialPayments(modeList, total), total);
  const split = summarisePayments(payments, total);
  const editRows = (change: (rows: PaymentRow[]) => PaymentRow[]) => setRows(change(payments));

  const add = useCallback((product: SubProduct) => {
    setCart((c) => {
      const next = addToCart(c, product);
      const line = next.find((l) => l.sub_product === product.id)!;
      setAnnouncement(`Added ${product.label}: ${line.quantity} in the cart.`);
      return next;
    });
  }, []);

  const checkout = useCheckout();
  const lineProblems = quoteCurrent ? (quote.data?.lines ?? []).filter((l) => l.problem) : [];
  const blocked = !cart.length
    ? 'Scan or search a product to start a sale.'
    : !quoteCurrent
      ? quote.isError
        ? errorMessage(quote.error)
        : 'Pricing the cart…'
      : lineProblems.length
        ? 'Fix the lines marked in the cart first.'
        : Number(split.over) > 0
          ? `The payments are ${formatMoney(split.over)} more than the total.`
          : Number(split.due) > 0 && buyer.kind === 'walk-in' && !(buyer.name.trim() && buyer.phone)
            ? DUE_NEEDS_BUYER
            : null;

  const submit = async () => {
    if (!body || blocked) return;
    try {
      const sale = await checkout.mutateAsync({ ...body, payments: paymentsRequest(payments) });
      notify.success(`${sale.number} saved: ${formatMoney(sale.total)}${Number(sale.due) > 0 ? `, ${formatMoney(sale.due)} due` : ''}.`);
      navigate(`/store/billing/invoice?sale=${sale.id}`);
    } catch (error) {
      // Also in full under the cart (checkout.error).
      notify.error(errorMessage(error));
    }
  };

  return (
    <div className="pb-2">
      <PageHeader
        title="Billing"
        description="Scan or search products, then Checkout. Payment is Cash for the whole total unless you split it."
        actions={
          !sidebarCentre && (centres.data?.length ?? 0) > 1 ? (
            <SelectField
              label="Centre"
              labelDisplay="hidden"
              value={centre}
              onChange={setChosenCentre}
              options={optionsOf(centres.data)}
              className="w-48"
            />
          ) : undefined
        }
      />
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0 space-y-4">
          <ProductFinder centre={centre} onAdd={add} />
          <CartCard
            cart={cart}
            quote={quoteCurrent || quote.isPlaceholderData ? quote.data : undefined}
            onChange={setCart}
            onRemoved={(label) => setAnnouncement(`Removed ${label}.`)}
          />
        </div>
        <div className="min-w-0 space-y-4">
          <BuyerCard buyer={buyer} onChange={setBuyer} />
          <TotalsCard quote={cart.length ? quote.data : undefined} pending={!!body && !quoteCurrent && !quote.isError} />
          <Card className="p-4">
            <div className="mb-3 flex items-center justify-between">
              <h2 className="text-sm font-semibold">Payment</h2>
              <Button
                size="sm"
                variant="secondary"
                disabled={payments.length >= 5 || !modeList.length}
                onClick={() => editRows((r) => addPayment(r, modeList, total, nextKey.current++))}
              >
                <Plus size={15} aria-hidden /> Add payment
              </Button>
            </div>
            <div className="space-y-3">
              {payments.map((row, i) => (
                <PaymentRowFields
                  key={row.key}
                  index={i}
                  row={row}
                  modes={modeList}
                  removable={payments.length > 1}
                  onMode={(mode) => editRows((r) => r.map((x) => (x.key === row.key ? { ...x, payment_mode: mode } : x)))}
                  onAmount={(amount) => editRows((r) => typePaymentAmount(r, row.key, amount, total))}
                  onReference={(reference) => editRows((r) => r.map((x) => (x.key === row.key ? { ...x, reference } : x)))}
                  onRemove={() => editRows((r) => removePayment(r, row.key, total))}
                />
              ))}
              {!payments.length && <p className="text-sm text-muted">No payment: the whole total stays due.</p>}
            </div>
            <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted">Paid now</dt>
                <dd className="tabular">{formatMoney(split.paid)}</dd>
              </div>
              {Number(split.due) > 0 && (
                <div className="flex justify-between font-medium text-warning-text">
                  <dt>Due</dt>
                  <dd className="tabular">{formatMoney(split.due)}</dd>
                </div>
              )}
              {Number(split.over) > 0 && (
                <div className="flex justify-between font-medium text-danger-text">
                  <dt>More than the total</dt>
                  <dd className="tabular">{formatMoney(split.over)}</dd>
                </div>
              )}
            </dl>
            {blocked === DUE_NEEDS_BUYER && <p className="mt-2 text-xs text-warning-text">{DUE_NEEDS_BUYER}</p>}
            {staff.data?.length ? (
              <SelectField
                label="Sold by"
                value={soldBy}
                onChange={setSoldBy}
                placeholder="No one"
                options={optionsOf(staff.data)}
                className="mt-3"
              />
            ) : null}
          </Card>
        </div>
      </div>

      {checkout.isError && (
        <Alert className="mt-4 whitespace-pre-line" tone="error">
          {errorMessage(checkout.error)}
        </Alert>
      )}

      {/* One Checkout for the phone and the counter: always in reach at the bottom. */}
      <div className="sticky bottom-0 z-20 -mx-4 mt-4 border-t border-line bg-surface/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs text-muted">
              {cart.length ? `${cartUnits(cart)} item${cartUnits(cart) === 1 ? '' : 's'}` : 'Cart empty'}
              {Number(split.due) > 0 ? ` · ${formatMoney(split.due)} due` : ''}
            </p>
            <p className="text-lg font-semibold tabular" aria-live="polite">
              {formatMoney(shownTotal)}
            </p>
          </div>
          <Button
            className="h-12 min-w-36 text-base"
            onClick={() => void submit()}
            disabled={!!blocked || checkout.isPending}
            aria-describedby={blocked ? 'checkout-blocked' : undefined}
          >
            {checkout.isPending ? 'Saving…' : 'Checkout'}
          </Button>
        </div>
        {blocked && cart.length > 0 && (
          <p id="checkout-blocked" className="mt-1 text-xs text-muted">
            {blocked}
          </p>
        )}
      </div>
    </div>
  );
}

// ---- finding products: the scanner, the search box, the camera ----

function ProductFinder({ centre, onAdd }: { centre: string; onAdd: (product: SubProduct) => void }) {
  const id = useId();
  const focusSearch = useCallback(() => document.getElementById(id)?.focus(), [id]);
  const [text, setText] = useState('');
  const [scanning, setScanning] = useState(false);
  const [notFound, setNotFound] = useState('');
  const [cameraOpen, setCameraOpen] = useState(false);
  const search = useDebounced(text.trim(), 300);
  const results = useProductSearch(search, centre, search.length >= 2);
  const showResults = search.length >= 2 && text.trim().length >= 2;

  const lookUp = useCallback(
    async (code: string) => {
      setScanning(true);
      setNotFound('');
      try {
        const found = await scanCode(code, centre);
        if (found) {
          onAdd(found);
          setText('');
        } else {
          // Not a code: the text stays and the matches show under it.
          setText(code);
          setNotFound(code);
        }
      } catch (error) {
        notify.error(errorMessage(error));
      } finally {
        setScanning(false);
      }
    },
    [centre, onAdd],
  );

  // A scanner typing while no field has the focus (the counter's usual state after a tap elsewhere).
  useEffect(() => {
    const buffer = new ScanBuffer();
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isEditable(e.target)) return buffer.reset();
      if (document.querySelector('[role="dialog"]')) return buffer.reset();
      const code = buffer.key(e.key, e.timeStamp);
      if (code) {
        e.preventDefault();
        void lookUp(code);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [lookUp]);

  useEffect(() => focusSearch(), [focusSearch]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const code = text.trim();
    if (code) void lookUp(code);
  };

  const pick = (product: SubProduct) => {
    onAdd(product);
    setText('');
    setNotFound('');
    focusSearch();
  };

  const matches = results.data ?? [];
  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} role="search" aria-label="Products">
        <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
          Scan or search products
        </label>
        <div className="flex gap-2">
          <SearchBox
            id={id}
            className="min-w-0 flex-1"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setNotFound('');
            }}
            placeholder="Barcode, SKU or name"
            enterKeyHint="search"
            aria-describedby={`${id}-hint`}
            aria-busy={scanning || undefined}
          />
          {barcodeCameraSupported() && (
            <Button variant="secondary" className="shrink-0" aria-label="Scan with the camera" onClick={() => setCameraOpen(true)}>
              <Camera size={18} aria-hidden />
            </Button>
          )}
          {/* A phone's keyboard has its own Search key: the button is for a desk's mouse. */}
          <Button
            type="submit"
            variant="secondary"
            className="shrink-0 max-sm:hidden"
            disabled={scanning || !text.trim()}
            aria-label="Add code"
          >
            <ScanLine size={18} aria-hidden />
          </Button>
        </div>
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          A scanner adds the product straight away; typed text shows the matching products.
        </p>
      </form>
      {notFound && !results.isFetching && showResults && !matches.length && (
        <p className="mt-3 text-sm text-danger-text" role="alert">
          No product has the code or name “{notFound}”.
        </p>
      )}
      {showResults && results.isError && (
        <p className="mt-3 text-sm text-danger-text" role="alert">
          The products could not be searched: {errorMessage(results.error)}
        </p>
      )}
      {showResults && matches.length > 0 && (
        <ul className="mt-3 divide-y divide-line rounded-md border border-line" aria-label="Matching products">
          {matches.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => pick(p)}
                disabled={!p.is_active}
                aria-label={`Add ${p.label}`}
                className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-subtle focus:bg-subtle focus:outline-none disabled:opacity-60"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{p.label}</span>
                  <span className="block truncate text-xs text-muted">
                    {[p.sku, p.barcode].filter(Boolean).join(' · ') || 'No code'} ·{' '}
                    <span className={p.sellable > 0 ? '' : 'text-danger-text'}>
                      {p.sellable > 0 ? `${p.sellable} in stock` : 'Out of stock'}
                    </span>
                  </span>
                </span>
                <span className="shrink-0 text-sm font-semibold tabular">{formatMoney(p.price)}</span>
                <Plus size={16} aria-hidden className="shrink-0 text-accent-text" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <CameraScanDialog
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onCode={(code) => {
          setCameraOpen(false);
          void lookUp(code);
        }}
      />
    </Card>
  );
}

// ---- the camera: the browser's own BarcodeDetector where it has one (Chrome on Android, macOS,
// ChromeOS), else frames read here line by line for an EAN-13 (ean13.ts) ----

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options?: { formats: string[] }) => BarcodeDetectorLike;

const detectorCtor = (): BarcodeDetectorCtor | null =>
  typeof window !== 'undefined' && 'BarcodeDetector' in window
    ? (window as unknown as { BarcodeDetector: BarcodeDetectorCtor }).BarcodeDetector
    : null;

/** The camera button shows where the browser gives the page a camera (a secure page: https or localhost). */
const barcodeCameraSupported = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/** What reads a frame: BarcodeDetector (any 1D code it knows), else the EAN-13 reader of a few lines across the frame's middle. */
function frameReader(): (video: HTMLVideoElement) => Promise<string | null> {
  const Ctor = detectorCtor();
  if (Ctor) {
    const detector = new Ctor({ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39'] });
    return async (video) => (await detector.detect(video)).find((c) => c.rawValue)?.rawValue ?? null;
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    // At most 960 pixels across: enough for a barcode filling a third of the frame, and quick to read.
    const scale = Math.min(1, 960 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decodeEan13Frame(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

function CameraScanDialog({ open, onClose, onCode }: { open: boolean; onClose: () => void; onCode: (code: string) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title="Scan a barcode"
      description="Hold the product’s barcode inside the frame."
      size="sm"
    >
      {open && <CameraScanner onCode={onCode} />}
    </Dialog>
  );
}

function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const read = frameReader();
    const tick = async () => {
      if (stopped) return;
      const video = videoRef.current;
      if (video && video.readyState >= 2) {
        try {
          const code = await read(video);
          if (code && !stopped) {
            stopped = true;
            onCode(code);
            return;
          }
        } catch {
          // A frame it could not read: try the next.
        }
      }
      timer = setTimeout(() => void tick(), 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((s) => {
        stream = s;
        if (stopped) return s.getTracks().forEach((t) => t.stop());
        if (videoRef.current) {
          videoRef.current.srcObject = s;
          void videoRef.current.play();
        }
        void tick();
      })
      .catch(() => setError('The camera could not be started. Allow camera access for this site, or type the code.'));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode]);
  return error ? (
    <Alert tone="error">{error}</Alert>
  ) : (
    <div className="relative overflow-hidden rounded-md bg-black">
      <video ref={videoRef} className="aspect-[4/3] w-full object-cover" muted playsInline aria-label="Camera preview" />
      <div className="pointer-events-none absolute inset-x-8 top-1/2 h-24 -translate-y-1/2 rounded border-2 border-white/80" aria-hidden />
    </div>
  );
}

// ---- the cart ----

function CartCard({
  cart,
  quote,
  onChange,
  onRemoved,
}: {
  cart: CartLine[];
  quote: Quote | undefined;
  onChange: (cart: CartLine[]) => void;
  onRemoved: (label: string) => void;
}) {
  if (!cart.length)
    return (
      <Card>
        <EmptyState icon={ShoppingCart} title="The cart is empty">
          Scan a barcode, or type a product’s name, SKU or code above.
        </EmptyState>
      </Card>
    );
  const quoted = new Map((quote?.lines ?? []).map((l) => [l.sub_product, l]));
  return (
    <Card>
      <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">Cart</h2>
      <ul aria-label="Cart" className="divide-y divide-line">
        {cart.map((line) => {
          const q = quoted.get(line.sub_product);
          return (
            <li key={line.sub_product} className="px-4 py-3" aria-label={line.label}>
              <div className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium leading-snug">{line.label}</p>
                  <p className="text-xs text-muted">
                    {formatMoney(line.price)} each{line.barcode ? ` · ${line.barcode}` : ''}
                  </p>
                </div>
                <p className="shrink-0 text-sm font-semibold tabular">{q ? formatMoney(q.total) : '…'}</p>
                <Button
                  size="sm"
                  variant="ghost-danger"
                  className="-mr-2 -mt-1 shrink-0 px-2"
                  aria-label={`Remove ${line.label}`}
                  onClick={() => {
                    onChange(removeLine(cart, line.sub_product));
                    onRemoved(line.label);
                  }}
                >
                  <Trash2 size={16} aria-hidden />
                </Button>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                <QuantityStepper line={line} onChange={(n) => onChange(setQuantity(cart, line.sub_product, n))} />
                <DiscountInput line={line} onChange={(d) => onChange(setDiscount(cart, line.sub_product, d))} />
              </div>
              {q?.problem && (
                <p className="mt-2 text-sm text-danger-text" role="alert">
                  {q.problem}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** A stepper's − and + : square, 40 px (a thumb's target). */
const STEP =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center border border-line-strong bg-surface text-fg shadow-sm transition-colors hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-50';

function QuantityStepper({ line, onChange }: { line: CartLine; onChange: (quantity: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="flex items-center" role="group" aria-label={`Quantity of ${line.label}`}>
      <button
        type="button"
        className={clsx(STEP, 'rounded-l-md')}
        aria-label={`Decrease quantity of ${line.label}`}
        disabled={line.quantity <= 1}
        onClick={() => onChange(line.quantity - 1)}
      >
        <Minus size={16} aria-hidden />
      </button>
      <input
        type="text"
        inputMode="numeric"
        aria-label={`Quantity of ${line.label}`}
        className="h-10 w-12 border-y border-line-strong bg-surface text-center text-sm tabular focus:outline-none focus:ring-2 focus:ring-accent/30"
        value={draft ?? String(line.quantity)}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
        onBlur={() => {
          if (draft !== null && Number(draft) > 0) onChange(Number(draft));
          setDraft(null);
        }}
        onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
      />
      <button
        type="button"
        className={clsx(STEP, 'rounded-r-md')}
        aria-label={`Increase quantity of ${line.label}`}
        onClick={() => onChange(line.quantity + 1)}
      >
        <Plus size={16} aria-hidden />
      </button>
    </div>
  );
}

function DiscountInput({ line, onChange }: { line: CartLine; onChange: (discount: string) => void }) {
  const id = useId();
  const shown = line.discount === '0.00' ? '' : line.discount;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs text-muted">
        Discount
        <span className="sr-only"> on {line.label}</span>
      </label>
      <div className="relative w-24">
        <span className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-sm text-muted" aria-hidden>
          ₹
        </span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          value={shown}
          onChange={(e) => onChange(e.target.value.replace(/[₹,\s]/g, '') || '0.00')}
          className={clsx(controlClass(false), 'h-10 pl-6 text-right tabular')}
        />
      </div>
    </div>
  );
}

// ---- the buyer ----

function BuyerCard({ buyer, onChange }: { buyer: Buyer; onChange: (buyer: Buyer) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [showWalkIn, setShowWalkIn] = useState(false);
  const term = useDebounced(search.trim(), 300);
  const results = useCustomerSearch(term, buyer.kind === 'walk-in' && term.length >= 2);
  const { create } = storeCustomers.useMutations();

  return (
    <Card className="p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Customer</h2>
        {buyer.kind === 'walk-in' && (
          <Button size="sm" variant="ghost" onClick={() => setCreating(true)}>
            <UserPlus size={15} aria-hidden /> New customer
          </Button>
        )}
      </div>
      {buyer.kind === 'customer' ? (
        <div className="flex items-center gap-3 rounded-md border border-line bg-subtle px-3 py-2">
          <UserRound size={18} aria-hidden className="shrink-0 text-muted" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{buyer.customer.name}</p>
            {buyer.customer.phone && <p className="text-xs text-muted">{buyer.customer.phone}</p>}
          </div>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove customer ${buyer.customer.name}`}
            onClick={() => onChange({ kind: 'walk-in', name: '', phone: '' })}
          >
            <X size={16} aria-hidden />
          </Button>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
            Find customer
          </label>
          <SearchBox id={id} value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name, phone or e-mail" />
          {term.length >= 2 && search.trim().length >= 2 && (
            <ul className="mt-2 divide-y divide-line rounded-md border border-line" aria-label="Matching customers">
              {(results.data ?? []).map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-subtle"
                    aria-label={`Choose ${c.name}`}
                    onClick={() => {
                      onChange({ kind: 'customer', customer: c });
                      setSearch('');
                    }}
                  >
                    <span className="min-w-0 truncate font-medium">{c.name}</span>
                    <span className="shrink-0 text-xs text-muted">
                      {c.phone}
                      {Number(c.due) > 0 ? ` · ${formatMoney(c.due)} due` : ''}
                    </span>
                  </button>
                </li>
              ))}
              {results.isSuccess && !results.data.length && <li className="px-3 py-2 text-sm text-muted">No customer matches.</li>}
            </ul>
          )}
          <div className="mt-3">
            {showWalkIn || buyer.name || buyer.phone ? (
              <div className="grid grid-cols-2 gap-3">
                <TextField
                  label="Walk-in name"
                  value={buyer.name}
                  onChange={(name) => onChange({ ...buyer, name })}
                  maxLength={120}
                  autoComplete="off"
                />
                <PhoneField label="Walk-in phone" value={buyer.phone} onChange={(phone) => onChange({ ...buyer, phone })} />
              </div>
            ) : (
              <p className="text-sm text-muted">
                Walk-in customer.{' '}
                <button type="button" className="font-medium text-accent-text hover:underline" onClick={() => setShowWalkIn(true)}>
                  Add a name or phone
                </button>
              </p>
            )}
          </div>
        </>
      )}
      <FormDialog
        open={creating}
        onOpenChange={setCreating}
        title="New customer"
        schema={customerInputSchema}
        defaultValues={{
          name: buyer.kind === 'walk-in' ? buyer.name : '',
          phone: buyer.kind === 'walk-in' ? buyer.phone : '',
          email: '',
          notes: '',
        }}
        submitLabel="Create customer"
        onSubmit={async (values) => {
          const customer = (await create.mutateAsync(values)) as Customer;
          onChange({ kind: 'customer', customer });
          notify.success(`${customer.name} was added.`);
        }}
      >
        {({ control }) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField control={control} name="name" label="Name" required className="sm:col-span-2" />
            <PhoneField control={control} name="phone" label="Phone" />
            <TextField control={control} name="email" label="Email" type="email" />
            <TextareaField control={control} name="notes" label="Notes" rows={2} maxLength={1000} className="sm:col-span-2" />
          </div>
        )}
      </FormDialog>
    </Card>
  );
}

// ---- totals and payments ----

function TotalsCard({ quote, pending }: { quote: Quote | undefined; pending: boolean }) {
  const row = (label: string, value: string, strong = false) => (
    <div className={clsx('flex justify-between', strong && 'border-t border-line pt-2 text-base font-semibold')}>
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd className="tabular">{formatMoney(value)}</dd>
    </div>
  );
  return (
    <Card className="p-4" aria-busy={pending || undefined}>
      <h2 className="mb-3 text-sm font-semibold">Totals</h2>
      {quote ? (
        <dl className={clsx('space-y-1.5 text-sm', pending && 'opacity-60')}>
          {row('Taxable value', quote.taxable)}
          {Number(quote.igst) > 0 ? (
            row('IGST', quote.igst)
          ) : (
            <>
              {row('CGST', quote.cgst)}
              {row('SGST', quote.sgst)}
            </>
          )}
          {Number(quote.round_off) !== 0 && row('Round off', quote.round_off)}
          {row('Total', quote.total, true)}
        </dl>
      ) : (
        <p className="text-sm text-muted">{pending ? 'Pricing the cart…' : 'The totals appear as you add products.'}</p>
      )}
    </Card>
  );
}

function PaymentRowFields({
  index,
  row,
  modes,
  removable,
  onMode,
  onAmount,
  onReference,
  onRemove,
}: {
  index: number;
  row: PaymentRow;
  modes: { id: number; name: string }[];
  removable: boolean;
  onMode: (mode: string) => void;
  onAmount: (amount: string) => void;
  onReference: (reference: string) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const modeName = modes.find((m) => String(m.id) === row.payment_mode)?.name;
  const needsReference = !!modeName && !/cash/i.test(modeName);
  return (
    <fieldset className="rounded-md border border-line p-3">
      <legend className="sr-only">Payment {n}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_8rem_auto] items-end gap-2">
        <SelectField
          label={`Payment ${n} mode`}
          labelDisplay="hidden"
          value={row.payment_mode}
          onChange={onMode}
          options={optionsOf(modes)}
          placeholder="Mode"
        />
        <div className="relative">
          <label className="sr-only" htmlFor={`pay-amount-${row.key}`}>
            Payment {n} amount
          </label>
          <span className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-sm text-muted" aria-hidden>
            ₹
          </span>
          <input
            id={`pay-amount-${row.key}`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={row.amount}
            onChange={(e) => onAmount(e.target.value.replace(/[₹,\s]/g, ''))}
            onFocus={(e) => e.currentTarget.select()}
            className={clsx(controlClass(false), 'pl-6 text-right tabular')}
          />
        </div>
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-danger-text transition-colors hover:bg-danger-soft"
          aria-label={`Remove payment ${n}`}
          onClick={onRemove}
          title={removable ? undefined : 'Remove to leave the whole total due'}
        >
          <Trash2 size={16} aria-hidden />
        </button>
      </div>
      {needsReference && (
        <TextField
          label={`Payment ${n} reference`}
          labelDisplay="hidden"
          value={row.reference}
          onChange={onReference}
          placeholder={`${modeName} reference (UTR, card slip)`}
          maxLength={100}
          className="mt-2"
        />
      )}
    </fieldset>
  );
}
