/**
 * A business module as the app sees it: one manifest in the module's folder, listed once in
 * `src/modules/manifests.ts`. The app registers its routes, the demo seed calls its seed, the
 * scheduler runs its jobs and the top bar's search asks its searchers — so adding a module is
 * its folder plus one line.
 */
import type { EndpointSpec, ModuleName } from '@arena/contracts';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database, Tx } from './db/client.js';
import type { Schedule, Task } from './jobs.js';
import type { Ctx } from './request-context.js';
import type { MemberAuth } from './context.js';

/** One result of the global search: what it is, how it reads, and the screen that shows it. */
export interface SearchHit {
  kind: string;
  id: number;
  title: string;
  subtitle: string;
  /** the web app's path that opens it, e.g. `/booking/booking?search=BK-2026-000311` */
  path: string;
}

export interface Searcher {
  /** only users allowed this module see its results */
  module: ModuleName;
  search(tx: Tx, ctx: Ctx, q: string, limit: number): Promise<SearchHit[]>;
}

/**
 * A kind of sale a module makes (a booking, a membership …): its table and the columns the money
 * module reads and keeps in step when it invoices, receives and refunds. Typed Drizzle columns of
 * the selling module's own table, so a renamed column fails the typecheck, not a payment.
 */
export interface SaleSourceDefinition {
  /** The sale's kind as invoices and ledger rows name it ("booking"). */
  type: string;
  /** What its sales are called in messages ("booking"). */
  noun: string;
  /** The module the sale's money belongs to (ledger rows, their audit rows). */
  module: ModuleName;
  /** The table, a `tenantTable` (id, organisation_id, updated_at). */
  table: PgTable;
  /** What may be paid: a column, or an expression over the row. */
  total: AnyPgColumn | SQL;
  /** What is paid: raised by receipts, lowered by refunds. */
  paid: AnyPgColumn;
  /** How documents and ledger rows name the sale ("BK-2026-000311"); numbered at the end of the sale's transaction when the sale asks. */
  label: AnyPgColumn;
  /** Who pays. */
  party: AnyPgColumn;
  centre: AnyPgColumn;
  /** A condition on the row under which it takes payments (not cancelled). */
  open: SQL;
  /** The staff member the sale is credited to (commission; a staff id or null), when the module records one. */
  soldBy?: AnyPgColumn;
  /** The web app's path that opens a sale (a notification's link), e.g. the booking list searched by its code; default its invoice. */
  link?: (sale: { id: number; label: string }) => string;
  /** Columns that follow the paid amount, set from its value after the movement (a booking's credit). */
  follow?: { column: AnyPgColumn; value: (paidAfter: SQL) => SQL }[];
}

/** An income, expense or liability (money held: deposits) category a new organisation starts with. */
export interface DefaultCategory {
  name: string;
  type: 'income' | 'expense' | 'liability';
  /** The category the module's own income shows under in reports when a movement names none (one per module). */
  moduleIncome?: boolean;
}

export interface ModuleManifest {
  name: string;
  /** The module's permission name ('Booking Management'), for what other modules record on its behalf. */
  permission?: ModuleName;
  routes: FastifyPluginAsync;
  /**
   * The level each write needs (issue 21, `platform/levels.ts`): a GET needs `view`; every other
   * method needs `manage` unless listed here — `operate` for the daily desk work (bookings,
   * check-ins, payments, enquiries), `view` for a POST that only reads (a preview). The boot fails
   * when an endpoint listed here is not registered.
   */
  levels?: { view?: EndpointSpec[]; operate?: EndpointSpec[] };
  /**
   * The default rows a new organisation needs from this module (payment modes, categories, series
   * …), in the organisation's tenant transaction. Registration, the demo seed and the test
   * factories all run every manifest's hook, in the order the manifests are listed. A
   * registration through the API passes what its owner gave (`registration`); a hook may refuse it
   * with a field error, which undoes the whole registration.
   */
  onOrganisationCreated?: (tx: Tx, ctx: Ctx, registration?: OrganisationRegistration) => Promise<void>;
  /**
   * The provider's plan limits (the subscription module's): called by `ensureWithinPlan(tx, ctx,
   * what)` before a write makes one more active centre or user, in that write's transaction. It
   * locks the organisation row (so parallel writes are counted one after another) and throws a 400
   * when the organisation already has as many as its plan allows; nothing is written then.
   */
  planLimit?: (tx: Tx, ctx: Ctx, what: PlanLimited) => Promise<void>;
  /** What the module sells: the money module invoices, receives and refunds these. */
  saleSources?: SaleSourceDefinition[];
  /** Income and expense categories of this module, created for every organisation by the money module's hook. */
  defaultCategories?: DefaultCategory[];
  /**
   * Demo data of this module for one demo organisation, through the module's services. Sales of
   * the past are returned as `DemoHistory` steps rather than made at once, so that every module's
   * are made in date order and each GST series runs with time (`runDemoHistory`).
   */
  seed?: (tx: Tx, ctx: Ctx) => Promise<void | DemoHistory>;
  /**
   * Provider-wide rows the module reads in every organisation (the subscription catalogue, the
   * exercise library, the food tables): written idempotently outside any tenant transaction, when
   * the app boots and before the demo seed (a tenant transaction may not write them).
   */
  globalData?: (db: Database) => Promise<void>;
  /** Kinds of job the module queues (`app.jobs.add(name, payload)`) or schedules. */
  tasks?: Task[];
  /** Cron lines that queue one of the tasks, once per tick across all instances. */
  schedules?: Schedule[];
  searchers?: Searcher[];
  /** Named filters a manual send or a promotion can target (messaging engine, issue 22). */
  messageAudiences?: MessageAudience[];
  /** Events automatic messages can be sent on (messaging engine's rules, issue 22). */
  messageTriggers?: MessageTrigger[];
  /**
   * What the module takes online payments for (issue 23): the payments module calls a purpose's
   * `onPaid` once when the gateway's signed callback says an order of it was paid, and `onFailed`
   * once when it failed, was cancelled or expired unpaid.
   */
  paymentPurposes?: PaymentPurposeDefinition[];
  /**
   * Finds the member behind a member key (`m_…`) on the organisation's host, or null (unknown,
   * revoked, expired, blocked). The auth hook calls it for routes with `auth: 'member'` only; staff
   * keys are never looked up there, nor member keys among the staff's (End User Login, issue 27).
   * `request.organisation` is the host's organisation; `request.member` is not set yet.
   */
  authenticateMember?: (request: FastifyRequest, key: string) => Promise<MemberAuth | null>;
}

/** Who an online payment goes to: the organisation (a member's due, a portal booking) or the provider (the organisation's subscription). */
export type PaymentPayee = 'organisation' | 'provider';

/** An online payment order as a purpose's hooks see it. */
export interface PaymentOrderFacts {
  /** Our order id (`ord_…`), never the gateway's. */
  id: string;
  payee: PaymentPayee;
  /** The organisation that receives the money (payee organisation) or pays it (payee provider). */
  organisationId: number;
  purpose: string;
  /** What the purpose stored to fulfil it (a booking id, a sale reference, a plan …). */
  ref: Record<string, unknown>;
  /** Rupees, two decimals. */
  amount: string;
  description: string;
  provider: 'sandbox' | 'razorpay';
  /** The gateway's payment id once paid (`pay_…`): the ledger reference of the receipt. */
  gatewayPaymentId: string | null;
  payer: { name: string; email: string; phone: string };
}

/**
 * A kind of online payment. Both hooks run in the organisation's tenant transaction (`ctx` a
 * system ctx of `organisationId`, for the provider's orders too), the same transaction that marks
 * the order paid or failed: a hook that throws leaves the order as it was, so the gateway's retry
 * runs it again. Each runs at most once per order.
 */
export interface PaymentPurposeDefinition {
  /** `booking`, `due`, `subscription` … unique across modules. */
  name: string;
  payee: PaymentPayee;
  onPaid(tx: Tx, ctx: Ctx, order: PaymentOrderFacts): Promise<void>;
  onFailed?(tx: Tx, ctx: Ctx, order: PaymentOrderFacts): Promise<void>;
}

/** The most recipients an audience or a trigger resolves to at once. */
export const MESSAGE_RECIPIENTS_MAX = 10_000;
/** The most choices an audience's `options` answers (the plans, batches or groups a send may name). */
export const MESSAGE_AUDIENCE_OPTIONS_MAX = 500;

/** One person a message goes to, with the placeholder values the owning module fills. */
export interface MessageRecipient {
  /** What kind of person (`member`, `client`, `staff`): opt-outs and the log name it. */
  kind: string;
  id: number;
  name: string;
  /** A 10-digit mobile, or ''. */
  phone: string;
  email: string;
  /** Placeholder values (`first_name`, `plan`, `end_date` …), already formatted for reading. */
  values: Record<string, string>;
}

/** The module key a template, rule or log row is filed under (`membership`, `booking` …). */
export type MessageModuleKey = 'administrator' | 'membership' | 'booking' | 'crm' | 'diet' | 'training' | 'accommodation';

/**
 * A named audience (active members, a plan's members, booking clients …): set-based SQL in the
 * owning module, at most `limit` (≤ MESSAGE_RECIPIENTS_MAX) people.
 */
export interface MessageAudience {
  key: string;
  label: string;
  module: MessageModuleKey;
  /** The kind of the people it resolves to (`member`, `client`). */
  kind: string;
  /** What the audience needs chosen: a plan, a batch, a contact group, or the people themselves. */
  param: 'plan' | 'batch' | 'contact_group' | 'ids' | null;
  /** The name of the chosen plan, batch or group (a promotion keeps it); a 404 or field error when it is not the organisation's. */
  describe?(tx: Tx, ctx: Ctx, param: number): Promise<string>;
  /**
   * What `param` may name (an audience whose param is a plan, a batch or a contact group): the
   * organisation's `{ id, name }` ordered by name, at most MESSAGE_AUDIENCE_OPTIONS_MAX. The send
   * screens offer them by name (`GET /api/administrator/messaging/audience-options/?audience=`).
   */
  options?(tx: Tx, ctx: Ctx): Promise<{ id: number; name: string }[]>;
  resolve(tx: Tx, ctx: Ctx, input: { param: number | null; ids: number[]; limit: number }): Promise<MessageRecipient[]>;
}

/** A recipient an automatic rule is due for, with the event's key (each person is messaged once per rule and event). */
export interface DueRecipient extends MessageRecipient {
  /** The event's identity, e.g. `membership:311:2026-11-30`: the rule sends once per key. */
  eventKey: string;
}

/** An event automatic messages are sent on (welcome, birthday, membership expiring in N days …). */
export interface MessageTrigger {
  key: string;
  label: string;
  module: MessageModuleKey;
  /** The placeholders it fills. */
  placeholders: string[];
  /** The rule's offset (N days before/after, N hours before), when it takes one. */
  offset: { unit: 'days' | 'hours'; label: string; min: number; max: number; default: number } | null;
  /** The recipients due now (set-based SQL; at most MESSAGE_RECIPIENTS_MAX). */
  due(tx: Tx, ctx: Ctx, input: { offset: number; today: string; now: Date }): Promise<DueRecipient[]>;
}

/**
 * What a module's demo seed leaves to be run in date order with the other modules' history: its
 * dated steps (a day's sales: their invoices are numbered as they are written) and what reads
 * that history once it is all written (statuses, attendance …).
 */
export interface DemoHistory {
  steps: { date: string; run: () => Promise<void> }[];
  after?: () => Promise<void>;
}

/**
 * Runs the modules' history: every step by date (steps of one day in the order the modules and
 * their seeds listed them), then each module's `after`, in the modules' order. Invoices are
 * numbered as they are written, so this is what keeps a series' numbers in date order when two
 * modules' histories overlap (the bookings of the last three months, the members' sales of seven).
 */
export async function runDemoHistory(histories: readonly (DemoHistory | void)[]): Promise<void> {
  const steps = histories.flatMap((h, module) => (h ? h.steps.map((step, order) => ({ ...step, module, order })) : []));
  steps.sort((a, b) => a.date.localeCompare(b.date) || a.module - b.module || a.order - b.order);
  for (const step of steps) await step.run();
  for (const h of histories) await h?.after?.();
}

let registered: readonly ModuleManifest[] = [];

/** The app's modules, once (`modules/manifests.ts`): what the setup hooks, sale sources and categories are read from. */
export function registerModules(manifests: ModuleManifest[]): ModuleManifest[] {
  registered = [...manifests];
  return manifests;
}

/** Every registered module's manifest, in order. */
export const registeredModules = (): readonly ModuleManifest[] => registered;

/** What the provider's plans limit: active centres (raised by Extra centre add-ons) and active users. */
export type PlanLimited = 'centre' | 'user';

/**
 * Refuses (400, `{detail}`) a write that would make one more active `what` than the organisation's
 * plan allows — a centre created or activated again, a staff login created or enabled again. Call
 * it inside the write's tenant transaction, before the write: the manifests' `planLimit` hooks
 * (the subscription module's) lock the organisation row before counting, so N parallel writes give
 * the answer one would. A module that makes centres or users calls this, never the subscription
 * module (administrator knows no module).
 */
export async function ensureWithinPlan(tx: Tx, ctx: Ctx, what: PlanLimited): Promise<void> {
  for (const m of registered) if (m.planLimit) await m.planLimit(tx, ctx, what);
}

/** What the owner gave when registering an organisation through the API (the setup hooks may use or refuse it). */
export interface OrganisationRegistration {
  owner: { id: number; email: string };
  /** The owner's phone as given ('' when not). */
  phone: string;
  /** A referrer's code (`?ref=CODE`), upper-cased; undefined when none (issue 23 §3). */
  referralCode?: string;
}

/** Runs every module's `onOrganisationCreated` (of the registered modules, or those given) in the new organisation's tenant transaction. */
export async function organisationCreated(
  tx: Tx,
  ctx: Ctx,
  modules: readonly ModuleManifest[] = registered,
  registration?: OrganisationRegistration,
): Promise<void> {
  for (const m of modules) await m.onOrganisationCreated?.(tx, ctx, registration);
}
