/** The monthly rent job: hourly, each organisation's checked-in monthly stays get this month's bill once. */
import { forEachOrganisation, type Task } from '../../platform/jobs.js';
import { billMonthlyRent } from './stay.service.js';

export const RENT_TASK = 'accommodation.monthly-rent';

export const rentTask: Task = {
  name: RENT_TASK,
  run: (payload, task) =>
    forEachOrganisation(
      task,
      RENT_TASK,
      async (tx, ctx) => {
        const billed = await billMonthlyRent(tx, ctx);
        if (billed) task.log.info({ organisation: ctx.organisationId, billed }, 'monthly rent billed');
      },
      typeof (payload as { organisation?: unknown } | null)?.organisation === 'number'
        ? (payload as { organisation: number }).organisation
        : undefined,
    ),
};
