import { CHANNELS, z } from '@arena/contracts/kit';

/** A member's details as the Add Member and Edit forms hold them (text as typed; the server's schema checks them). */
export const memberDetailFields = {
  first_name: z.string(),
  last_name: z.string(),
  gender: z.string(),
  date_of_birth: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  centre: z.string(),
  emergency_contact_name: z.string(),
  emergency_contact_phone: z.string(),
  blood_group: z.string(),
  health_notes: z.string(),
  source: z.string(),
  notes: z.string(),
  gstin: z.string(),
  billing_name: z.string(),
  billing_address: z.string(),
  billing_state: z.string(),
  message_opt_out: z.array(z.enum(CHANNELS)),
};
