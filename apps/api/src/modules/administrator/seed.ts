import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { addDefaultPaymentModes } from './organisation.service.js';
import { centre } from './schema.js';

const DEMO_CENTRES: Record<string, string[]> = {
  demo: ['Main Centre', 'Riverside Centre'],
  riverside: ['Riverside Arena'],
};

/** The demo organisations' centres and the usual payment modes. */
export async function seedAdministrator(tx: Tx, ctx: Ctx): Promise<void> {
  const [existing] = await tx.select({ id: centre.id }).from(centre).where(eq(centre.organisationId, ctx.organisationId)).limit(1);
  if (!existing)
    await tx.insert(centre).values(
      (DEMO_CENTRES[ctx.organisation.subdomain] ?? ['Main Centre']).map((name) => ({
        organisationId: ctx.organisationId,
        name,
        city: 'Bengaluru',
        state: 'Karnataka',
      })),
    );
  await addDefaultPaymentModes(tx, ctx.organisationId);
}
