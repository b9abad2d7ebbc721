import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';

interface Topic {
  id: string;
  title: string;
  body: ReactNode;
}

const A = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link to={to} className="font-medium text-accent-text hover:underline">
    {children}
  </Link>
);

/** How Arena's main screens work, for an owner and for the front desk. */
const TOPICS: Topic[] = [
  {
    id: 'getting-around',
    title: 'Getting around',
    body: (
      <>
        <p>
          The menu on the left lists the modules enabled for you. Click the menu button at the top left to open it; pin it with the pin
          button to keep it open beside the page. Closed, it shows only icons — point at one to see its name.
        </p>
        <p>
          The <strong>Center</strong> selector at the top of the menu chooses which center you are working in. Pick one center and
          dashboards, lists, reports and the day view show only that center; pick <strong>All Centers</strong> to see everything. The choice
          is saved to your account, so it is still there tomorrow.
        </p>
        <p>
          The search box in the top bar finds bookings by code (BK-2026-000311), clients by name, mobile or e-mail, and screens by name.
          Type two letters or more, move with the arrow keys and press Enter to open a result. The <strong>New</strong> menu and the
          shortcuts Alt+1, Alt+2 and Alt+3 open Add Member, Enquiries and Complaints from anywhere.
        </p>
      </>
    ),
  },
  {
    id: 'dashboard',
    title: 'The dashboard',
    body: (
      <>
        <p>
          <A to="/">Home</A> shows today at a glance for the center chosen in the menu: bookings and slots booked today, money collected
          today and this month, how full each facility is today, the last 30 days of bookings, and the next bookings coming up. Each tile
          has a link to the screen behind it.
        </p>
        <p>
          Front-desk users who do not use the main dashboard start on <A to="/booking">Booking › Dashboard</A>, which shows the same figures
          in more detail.
        </p>
      </>
    ),
  },
  {
    id: 'day-view',
    title: 'Booking: the board',
    body: (
      <>
        <p>
          <A to="/booking/booking">Booking › Booking</A> opens on the board: choose a center and a date (the week strip jumps between days,{' '}
          <strong>Sport</strong> narrows the columns). Every facility of the center is a column and every hour a row; on a phone it shows
          one facility at a time, grouped as its slot groups (Morning, Evening …).
        </p>
        <ul>
          <li>
            <strong>Blue</strong> cells are free, with their price; click to pick one or several, on one court or several.
          </li>
          <li>
            <strong>Amber</strong> cells are booked — they show who booked and whether it is paid. Click one to open the booking.
          </li>
          <li>
            <strong>Green</strong> cells are the ones you have picked, or bookings already completed. <strong>Grey</strong> cells are{' '}
            <strong>Past</strong>: a slot can still be booked at the desk for a walk-in until it ends, at its usual price.
          </li>
        </ul>
        <p>
          The <strong>All Bookings</strong> tab lists every booking with filters for dates, facility, status and source (desk, online,
          subscription), and exports the list.
        </p>
      </>
    ),
  },
  {
    id: 'desk-booking',
    title: 'Taking a booking at the desk',
    body: (
      <ol>
        <li>
          On the board, pick the free cells the client wants — on one court or several; the Selection panel beside the board keeps the
          running total.
        </li>
        <li>
          Click <strong>Book</strong> (it counts the slots you picked). In the New Booking window, find the client by name or mobile, or
          enter a new client's name, mobile (10 digits) and e-mail. A number that belongs to a client shows “Existing client: …”: use that
          client or correct the number — a booking never renames a client.
        </li>
        <li>Add a discount if you give one, and record a payment now if the client pays at the desk (amount, mode and reference).</li>
        <li>
          Confirm. Each court gets its booking and code, the cells turn amber, and the client's dues are updated. Two people can never book
          the same slot: if someone else took it a moment earlier, Arena says so and nothing is saved.
        </li>
      </ol>
    ),
  },
  {
    id: 'payments',
    title: 'Payments, discounts, cancellations',
    body: (
      <>
        <p>
          Open a booking (click it on the board or in the list) to see its slots, amounts and payments. From there you can{' '}
          <strong>Record Payment</strong> (part payments are fine — the due is what is left), give a <strong>Discount</strong>, mark it{' '}
          <strong>Completed</strong> or a <strong>No-show</strong> once it has started, <strong>Move</strong> it to other free slots,{' '}
          <strong>Cancel slot</strong> for one slot of several, or <strong>Cancel Booking</strong> with a reason, which frees its slots at
          once. Cancelling offers a refund of what was paid (never more), by any payment mode; what is not refunded stays as the client's
          credit, shown on their bookings and refundable later.
        </p>
        <p>
          Every payment appears in <A to="/booking/transactions">Booking › Transactions</A>, filterable by date and payment mode. The
          payment modes (Cash, UPI, Card …) are set by the owner in <A to="/admin/payment-mode">Administrator › Payment Mode</A>.
        </p>
      </>
    ),
  },
  {
    id: 'clients',
    title: 'Clients and dues',
    body: (
      <>
        <p>
          <A to="/booking/clients">Booking › Clients</A> lists everyone who books. A client is created with their first booking (matched by
          mobile, then e-mail) or added here. Filter by <strong>Dues</strong> to see who still owes money; a client's{' '}
          <strong>Bookings</strong>
          button lists their bookings, where you open one to collect what is due.
        </p>
        <p>
          <strong>Bulk mode</strong> on the Clients screen adds many clients at once: rows that cannot be saved stay on the page with the
          reason, so you can correct them and save again. <A to="/booking/clients/booking-subscription">Booking › Booking Subscription</A>{' '}
          books the same slots on chosen weekdays between two dates (a weekly coaching batch, a corporate slot); a preview lists every date
          with its price, proposes the nearest free slot for a date already taken (or skips it), and the whole series can be paid at once.
        </p>
      </>
    ),
  },
  {
    id: 'facilities',
    title: 'Facilities and slot groups',
    body: (
      <>
        <p>
          A facility is anything booked by the slot — a court, a turf, a lane. Add one in{' '}
          <A to="/booking/settings/add-faculty">Booking › Settings › Add Facility</A>: its center, sport, name, capacity and how many days
          ahead it can be booked. Tick online booking to offer it on your public booking page.
        </p>
        <p>
          Slots come from its <strong>slot groups</strong>: named groups (Morning, Evening) of time slots, each with a start, an end, a
          price and, if different, a weekend price. Switch a slot off to close it without deleting it. Changes apply to new bookings;
          existing bookings keep what they were booked at.
        </p>
        <p>
          Visitors book online at{' '}
          <a href="/online-booking" className="font-medium text-accent-text hover:underline">
            /online-booking
          </a>{' '}
          on your organization's address, without an account. Their bookings appear in the day view with the source “Online”.
        </p>
      </>
    ),
  },
  {
    id: 'reports',
    title: 'Reports and exports',
    body: (
      <>
        <p>
          <A to="/reports/booking">Reports › Booking</A> has three reports: <strong>Booked</strong> (bookings made, by date, facility or
          sport), <strong>Online</strong> (bookings made on the portal) and <strong>Collection</strong> (money received, by date and payment
          mode). Choose a date range and a center; each report has a chart, a table with totals and an export.
        </p>
        <p>
          Every list and report exports what you see — with its filters and search — as CSV or Excel (XLSX). Excel files name the list and
          its filters in the first row, with amounts and dates ready for formulas.
        </p>
      </>
    ),
  },
  {
    id: 'centers',
    title: 'Centers',
    body: (
      <p>
        An organization can run several centers. The owner adds and edits them in{' '}
        <A to="/admin/manage-center">Administrator › Manage Center</A> (name, code, address, phone, e-mail, GSTIN). A center that is made
        inactive disappears from the Center selector and from online booking, but its history stays in reports.
      </p>
    ),
  },
  {
    id: 'roles',
    title: 'Roles and access',
    body: (
      <>
        <p>
          The <strong>owner</strong> sees every module of the organization's plan, including the dashboard and Administrator. Other users —
          a front desk, a manager — see only the modules granted to them; the menu, the search and the dashboard leave out the rest, and a
          link to another module's page says you do not have access.
        </p>
        <p>
          If the owner has just granted you a module, use <strong>Check again</strong> on that page instead of signing out. Screens of
          modules that are still being built say so, and the <A to="/sitemap">Site Map</A> lists everything you can open today.
        </p>
      </>
    ),
  },
];

/** Help Center (/help): how the main screens work, in plain words. */
export default function HelpPage() {
  return (
    <div className="max-w-4xl">
      <PageHeader title="Help Center" description="How Arena's main screens work — for owners and for the front desk." />
      <Card className="mb-5 p-5">
        <h2 className="mb-2 text-sm font-semibold">On this page</h2>
        <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {TOPICS.map((t) => (
            <li key={t.id}>
              <a href={`#${t.id}`} className="text-accent-text hover:underline">
                {t.title}
              </a>
            </li>
          ))}
        </ul>
      </Card>
      <div className="space-y-5">
        {TOPICS.map((t) => (
          <Card key={t.id} className="p-5 sm:p-6">
            <section
              id={t.id}
              aria-labelledby={`${t.id}-title`}
              className="scroll-mt-20 space-y-3 text-sm leading-6 text-fg [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
            >
              <h2 id={`${t.id}-title`} className="text-base font-semibold">
                {t.title}
              </h2>
              {t.body}
            </section>
          </Card>
        ))}
      </div>
      <p className="mt-6 text-sm text-muted">
        Still stuck? <A to="/contact">Contact Support</A> sends a message to your organization's owner.
      </p>
    </div>
  );
}
