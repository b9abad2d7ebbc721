import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Ctx } from '../../platform/request-context.js';
import { organisation } from '../../platform/db/schema.js';
import { centre } from './schema.js';

interface DemoCentre {
  name: string;
  address: string;
  city: string;
  state: string;
  phone: string;
  gstin?: string;
}

/**
 * Riverside Centre is across the border in Tamil Nadu: a fixed establishment there, so it is
 * registered there too (its own GSTIN, state code 33) and its sales are intra-state under it
 * (CGST + SGST), not IGST under the Karnataka registration.
 */
const DEMO_CENTRES: Record<string, DemoCentre[]> = {
  demo: [
    { name: 'Main Centre', address: '14, 80 Feet Road, Indiranagar', city: 'Bengaluru', state: 'Karnataka', phone: '8041234567' },
    {
      name: 'Riverside Centre',
      address: '7, Riverside Road, Gandhi Nagar',
      city: 'Hosur',
      state: 'Tamil Nadu',
      phone: '4344123456',
      gstin: '33AAHCD1234K1ZW',
    },
  ],
  riverside: [{ name: 'Riverside Arena', address: '22, Lake View Road', city: 'Bengaluru', state: 'Karnataka', phone: '8049876543' }],
};

/** The demo organisations' GST registrations (Karnataka). */
const DEMO_GST: Record<string, { legalName: string; gstin: string; address: string }> = {
  demo: {
    legalName: 'Demo Sports Club Private Limited',
    gstin: '29AAHCD1234K1ZL',
    address: '14, 80 Feet Road, Indiranagar, Bengaluru 560038',
  },
};

/** The demo organisations' centres and GST registrations (payment modes come with the organisation: the manifests' hooks). */
export async function seedAdministrator(tx: Tx, ctx: Ctx): Promise<void> {
  const [existing] = await tx.select({ id: centre.id }).from(centre).where(eq(centre.organisationId, ctx.organisationId)).limit(1);
  if (!existing)
    await tx.insert(centre).values(
      (DEMO_CENTRES[ctx.organisation.subdomain] ?? DEMO_CENTRES.riverside.map((c) => ({ ...c, name: 'Main Centre' }))).map((c) => ({
        organisationId: ctx.organisationId,
        ...c,
      })),
    );
  const gst = DEMO_GST[ctx.organisation.subdomain];
  if (gst)
    await tx
      .update(organisation)
      .set({ ...gst, state: 'Karnataka' })
      .where(eq(organisation.id, ctx.organisationId));
}
