import { boardEndpoints as e } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import { ctxOf, inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { loadBoard } from './board.service.js';
import { bookManyAtDesk } from './booking-entry.service.js';
import { createdBookingJson, guardSlotRace } from './booking.service.js';
import { MODULE } from './constants.js';
import { sendBookingConfirmation } from './notify.js';

const tags = ['booking'];

/** The desk's board and its booking of several facilities in one step (issue 12 §1). */
export async function boardRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.board, {
    module: MODULE,
    tags,
    summary: "The desk's board: a centre's facilities as columns, a date's slots as rows, with status and who booked",
    handler: async (request) => inTenant(request, (tx, ctx) => loadBoard(tx, ctx, request.query)),
  });

  route(app, e.deskBookings, {
    module: MODULE,
    tags,
    summary: 'Book slots of several facilities for one client in one step (one booking per facility, all or nothing)',
    handler: async (request, reply) => {
      const bookings = await guardSlotRace(() =>
        inTenant(request, async (tx, ctx) => (await bookManyAtDesk(tx, ctx, request.body)).map(createdBookingJson)),
      );
      for (const b of bookings) await sendBookingConfirmation(app, ctxOf(request).organisation, b);
      return reply.status(201).send({ bookings });
    },
  });
}
