import { closeBooksEndpoints as e } from '@arena/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { record } from '../../platform/audit.js';
import { organisation } from '../../platform/db/schema.js';
import { fieldError } from '../../platform/errors.js';
import { inTenant } from '../../platform/request-context.js';
import { route } from '../../platform/route.js';
import { MODULE } from './constants.js';

const tags = ['accounts'];

/**
 * Accounts › Close books: the organisation's lock date. The `books_open_on` trigger on
 * `ledger_entry` and `invoice` enforces it in the database (SQLSTATE ZA001 → 400 on `date`), so
 * no path that writes money can date into a closed period.
 */
export async function closeBooksRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.retrieve, {
    module: MODULE,
    tags,
    summary: 'The day up to which the books are closed',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const [row] = await tx
          .select({ books_locked_until: organisation.booksLockedUntil })
          .from(organisation)
          .where(eq(organisation.id, ctx.organisationId));
        return row;
      }),
  });

  // The owner closes and reopens the books (Accounts users read the date).
  route(app, e.update, {
    config: { module: MODULE, ownerOnly: true },
    tags,
    summary: 'Close the books up to a day (or reopen them with null)',
    handler: async (request) =>
      inTenant(request, async (tx, ctx) => {
        const next = request.body.books_locked_until;
        if (next !== null && next > ctx.now.today) throw fieldError('books_locked_until', 'The books can be closed up to today at most.');
        // The row lock orders this change after any write that read the old date.
        const [before] = await tx
          .select({ books_locked_until: organisation.booksLockedUntil })
          .from(organisation)
          .where(eq(organisation.id, ctx.organisationId))
          .for('update');
        const [after] = await tx
          .update(organisation)
          .set({ booksLockedUntil: next, updatedAt: new Date() })
          .where(eq(organisation.id, ctx.organisationId))
          .returning({ books_locked_until: organisation.booksLockedUntil });
        await record(tx, ctx.actor, {
          module: MODULE,
          resource: 'books',
          objectId: ctx.organisationId,
          label: 'Close books',
          action: 'update',
          before,
          after,
        });
        return after;
      }),
  });
}
