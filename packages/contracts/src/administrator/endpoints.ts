import { z } from '../zod-config.js';
import { detailSchema, idParamsSchema } from '../common.js';
import { auditLogEndpoint, crudEndpoints, endpoint } from '../endpoint.js';
import { allowedModulesSchema } from '../accounts/accounts.js';
import { centreInputSchema, centreSchema } from './centre.js';
import { contactMessageSchema } from './contact.js';
import {
  organisationCreateSchema,
  organisationPublicSchema,
  organisationSchema,
  organisationUpdateSchema,
  subdomainAvailabilitySchema,
} from './organisation.js';
import { paymentModeInputSchema, paymentModeSchema, sportInputSchema, sportSchema } from './sport.js';

export const centreEndpoints = crudEndpoints('/api/administrator/centre/', centreSchema, centreInputSchema, { dropdown: true });
const CENTRE_SEAL = '/api/administrator/centre/:id/seal/';
/** A centre's seal picture, drawn above "Authorised Signatory" on the A4 invoices and credit notes of its sales. */
export const centreSealEndpoints = {
  /** The picture itself (PNG or JPEG); 404 when the centre has none. */
  retrieve: endpoint({ method: 'GET', path: CENTRE_SEAL, params: idParamsSchema, file: true }),
  /** Multipart/form-data with the picture in `seal_picture` (PNG or JPEG, at most 1 MB); replaces the one before. */
  upload: endpoint({ method: 'PUT', path: CENTRE_SEAL, params: idParamsSchema, body: z.object({}), form: true, response: centreSchema }),
  remove: endpoint({ method: 'DELETE', path: CENTRE_SEAL, params: idParamsSchema, response: centreSchema }),
};
export const sportEndpoints = crudEndpoints('/api/administrator/sport/', sportSchema, sportInputSchema, { dropdown: true });
export const paymentModeEndpoints = crudEndpoints('/api/administrator/payment-mode/', paymentModeSchema, paymentModeInputSchema, {
  dropdown: true,
});

const ORGANISATION = '/api/administrator/organisation/';
export const organisationEndpoints = {
  /** Register an organisation (JSON or multipart with `display_picture`). */
  create: endpoint({
    method: 'POST',
    path: ORGANISATION,
    body: organisationCreateSchema,
    form: true,
    response: organisationSchema,
    status: 201,
  }),
  checkSubdomain: endpoint({
    method: 'GET',
    path: `${ORGANISATION}check-subdomain/`,
    query: z.object({ subdomain: z.string().max(100) }),
    response: subdomainAvailabilitySchema,
  }),
  /** Name and picture for anyone; every detail for its signed-in users. */
  retrieve: endpoint({ method: 'GET', path: ORGANISATION, response: z.union([organisationSchema, organisationPublicSchema]) }),
  update: endpoint({ method: 'PATCH', path: ORGANISATION, body: organisationUpdateSchema, form: true, response: organisationSchema }),
  allowedModules: endpoint({ method: 'GET', path: `${ORGANISATION}allowed-modules/`, response: allowedModulesSchema }),
  refreshAllowedModules: endpoint({ method: 'POST', path: `${ORGANISATION}allowed-modules/refresh/`, response: allowedModulesSchema }),
  contact: endpoint({ method: 'POST', path: `${ORGANISATION}contact/`, body: contactMessageSchema, response: detailSchema }),
};

/** Administrator › Logs: the whole organisation's audit trail. */
export const administratorLogs = auditLogEndpoint('/api/administrator/logs/');
