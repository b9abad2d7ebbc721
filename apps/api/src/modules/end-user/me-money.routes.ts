/**
 * The member app's money and bookings (`/api/me/…`, a member key): dues and paying them, renewing,
 * invoices and their PDF, booking courts. Only the signed-in member's own data; each group behind
 * its switch (pay_dues, renew, invoices, book).
 */
import { meMoneyEndpoints as e } from '@arena/contracts/end-user';
import { fromPaise, toPaise } from '@arena/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MemberAuth } from '../../platform/context.js';
import { notAuthenticated } from '../../platform/errors.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import {
  bookAsMember,
  cancelAsMember,
  guardMemberBooking,
  memberAvailability,
  memberBookings,
  memberFacilities,
} from '../booking/index.js';
import { memberMembershipDues, memberRenewal } from '../membership/index.js';
import { invoiceOfSales, invoicePdfFor } from '../money/index.js';
import { meTags as tags } from './constants.js';
import { memberInvoices, memberOrder, payDue, payerOf, payRenewal, requireFeature, salesOfMember } from './me-money.service.js';

const member = { config: { auth: 'member' as const }, tags };

function who(request: FastifyRequest): MemberAuth {
  if (!request.member) throw notAuthenticated();
  return request.member;
}

/** The page links of a list answer, relative to the request's path. */
function pageLinks(request: FastifyRequest, page: number, size: number, count: number) {
  const path = request.url.split('?')[0];
  const link = (p: number) => `${path}?page=${p}&page_size=${size}`;
  return { next: page * size < count ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null };
}

export async function meMoneyRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.dues, {
    ...member,
    summary: 'What the member owes: each membership with a due, and the total',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'pay_dues');
        const results = await memberMembershipDues(tx, ctx, who(request).memberId);
        return { results, total: fromPaise(results.reduce((n, d) => n + (toPaise(d.due) ?? 0), 0)) };
      }),
  });
  route(app, e.pay, {
    ...member,
    summary: 'Pay (part of) a membership’s due online: at most the due; answers the checkout',
    handler: async (request, reply) => {
      const out = await inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'pay_dues');
        return payDue(tx, ctx, who(request).memberId, request.body);
      });
      return reply.status(201).send(out);
    },
  });
  route(app, e.order, {
    ...member,
    summary: 'One of the member’s payments and the invoice it paid (the checkout’s return page)',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        const me = who(request);
        return memberOrder(tx, ctx, me.memberId, (await payerOf(tx, ctx, me.memberId)).phone, request.params.order);
      }),
  });
  route(app, e.renewal, {
    ...member,
    summary: 'The plans the member may renew to, with prices (the running plan first)',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'renew');
        return memberRenewal(tx, ctx, who(request).memberId);
      }),
  });
  route(app, e.renew, {
    ...member,
    summary: 'Renew onto a plan, paid online: the renewal is made when the payment arrives',
    handler: async (request, reply) => {
      const out = await inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'renew');
        return payRenewal(tx, ctx, who(request).memberId, request.body.plan);
      });
      return reply.status(201).send(out);
    },
  });
  route(app, e.invoices, {
    ...member,
    summary: 'The member’s invoices and credit notes, newest first',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'invoices');
        const me = who(request);
        const page = request.query.page ?? 1;
        const size = request.query.page_size ?? 20;
        const { count, results } = await memberInvoices(tx, ctx, me.memberId, (await payerOf(tx, ctx, me.memberId)).phone, { page, size });
        return { count, ...pageLinks(request, page, size, count), results };
      }),
  });
  route(app, e.invoicePdf, {
    ...member,
    summary: 'One of the member’s invoices as a PDF (the staff app’s A4)',
    handler: async (request, reply) => {
      const me = who(request);
      await inTenant(request, (tx, ctx) => requireFeature(tx, ctx, 'invoices'));
      const { pdf, fileName } = await invoicePdfFor(app, request, request.params.id, async (tx, ctx, row) =>
        invoiceOfSales(row, await salesOfMember(tx, ctx, me.memberId, (await payerOf(tx, ctx, me.memberId)).phone)),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });

  route(app, e.facilities, {
    ...member,
    summary: 'Facilities the member may book',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'book');
        return { results: await memberFacilities(tx, ctx) };
      }),
  });
  route(app, e.availability, {
    ...member,
    summary: 'A date’s slots of a facility (the booking portal’s availability)',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'book');
        return memberAvailability(tx, ctx, request.params.id, request.params.date);
      }),
  });
  route(app, e.book, {
    ...member,
    summary: 'Book slots as the member (their phone the client’s); a facility that takes payment online answers a checkout',
    handler: async (request, reply) => {
      const out = await guardMemberBooking(() =>
        inTenant(request, async (tx, ctx) => {
          await requireFeature(tx, ctx, 'book');
          const me = who(request);
          return bookAsMember(tx, ctx, await payerOf(tx, ctx, me.memberId), request.body);
        }),
      );
      return reply.status(201).send(out);
    },
  });
  route(app, e.bookings, {
    ...member,
    summary: 'The member’s bookings, upcoming first',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'book');
        return { results: await memberBookings(tx, ctx, (await payerOf(tx, ctx, who(request).memberId)).phone) };
      }),
  });
  route(app, e.cancelBooking, {
    ...member,
    summary: 'Cancel one of the member’s bookings within the cancellation window',
    handler: (request) =>
      inTenant(request, async (tx, ctx) => {
        await requireFeature(tx, ctx, 'book');
        return cancelAsMember(tx, ctx, (await payerOf(tx, ctx, who(request).memberId)).phone, request.params.id);
      }),
  });
}
