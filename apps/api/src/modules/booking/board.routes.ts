import { boardQuerySchema, boardSchema, deskBookingsInputSchema, deskBookingsResultSchema } from '@arena/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ctxOf, inTenant } from '../../platform/request-context.js';
import { loadBoard } from './board.service.js';
import { bookManyAtDesk } from './booking-entry.service.js';
import { createdBookingJson, guardSlotRace } from './booking.service.js';
import { MODULE } from './constants.js';
import { sendBookingConfirmation } from './notify.js';

const tags = ['booking'];

/** The desk's board and its booking of several facilities in one step (issue 12 §1). */
export async function boardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { module: MODULE } as const;

  r.get('/api/booking/board/', {
    config,
    schema: {
      tags,
      summary: "The desk's board: a centre's facilities as columns, a date's slots as rows, with status and who booked",
      querystring: boardQuerySchema,
      response: { 200: boardSchema },
    },
    handler: async (request) => inTenant(request, (tx, ctx) => loadBoard(tx, ctx, request.query)),
  });

  r.post('/api/booking/desk-bookings/', {
    config,
    schema: {
      tags,
      summary: 'Book slots of several facilities for one client in one step (one booking per facility, all or nothing)',
      body: deskBookingsInputSchema,
      response: { 201: deskBookingsResultSchema },
    },
    handler: async (request, reply) => {
      const bookings = await guardSlotRace(() =>
        inTenant(request, async (tx, ctx) => (await bookManyAtDesk(tx, ctx, request.body)).map(createdBookingJson)),
      );
      for (const b of bookings) await sendBookingConfirmation(app, ctxOf(request).organisation, b);
      return reply.status(201).send({ bookings });
    },
  });
}
