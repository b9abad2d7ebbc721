/** The endpoints of End User Login: the admin side `/api/end-user/` (module "End User Login") and the member side `/api/me/`. */
import { z } from '../zod-config.js';
import { detailSchema, idParamsSchema } from '../common.js';
import { auditLogEndpoint, endpoint, listEndpoint } from '../endpoint.js';
import {
  endUserDetailSchema,
  endUserSchema,
  endUserSettingsInputSchema,
  endUserSettingsSchema,
  inviteInputSchema,
  linkRequestSchema,
  linkVerifySchema,
  meHomeSchema,
  memberSessionSchema,
  otpRequestSchema,
  otpVerifySchema,
  signInResponseSchema,
} from './end-user.js';

const BASE = '/api/end-user/' as const;

export const endUserEndpoints = {
  /** Filter `status` (active, blocked); search by the member's name, code or phone. */
  list: listEndpoint(`${BASE}end-user/`, endUserSchema),
  retrieve: endpoint({ method: 'GET', path: `${BASE}end-user/:id/`, params: idParamsSchema, response: endUserDetailSchema }),
  /** Signs the member out everywhere at once and refuses their sign-in until unblocked. */
  block: endpoint({ method: 'POST', path: `${BASE}end-user/:id/block/`, params: idParamsSchema, response: endUserDetailSchema }),
  unblock: endpoint({ method: 'POST', path: `${BASE}end-user/:id/unblock/`, params: idParamsSchema, response: endUserDetailSchema }),
  /** Gives a member app access (the "invited" mode); inviting again changes nothing. */
  invite: endpoint({ method: 'POST', path: `${BASE}end-user/invite/`, body: inviteInputSchema, response: endUserDetailSchema }),
};

export const endUserSettingsEndpoints = {
  retrieve: endpoint({ method: 'GET', path: `${BASE}settings/`, response: endUserSettingsSchema }),
  update: endpoint({ method: 'PUT', path: `${BASE}settings/`, body: endUserSettingsInputSchema, response: endUserSettingsSchema }),
};

export const endUserLogsEndpoint = auditLogEndpoint(`${BASE}logs/`);

const ME = '/api/me/' as const;

export const meEndpoints = {
  /** Sends a 6-digit code by SMS when the number is a member's who may sign in; the same answer for any number. */
  requestOtp: endpoint({ method: 'POST', path: `${ME}auth/otp/`, body: otpRequestSchema, response: detailSchema, status: 202 }),
  verifyOtp: endpoint({ method: 'POST', path: `${ME}auth/otp/verify/`, body: otpVerifySchema, response: signInResponseSchema }),
  /** Mails a sign-in link when the address is a member's who may sign in; the same answer for any address. */
  requestLink: endpoint({ method: 'POST', path: `${ME}auth/email/`, body: linkRequestSchema, response: detailSchema, status: 202 }),
  verifyLink: endpoint({ method: 'POST', path: `${ME}auth/email/verify/`, body: linkVerifySchema, response: signInResponseSchema }),
  logout: endpoint({ method: 'POST', path: `${ME}auth/logout/`, status: 204 }),
  home: endpoint({ method: 'GET', path: ME, response: meHomeSchema }),
  sessions: endpoint({ method: 'GET', path: `${ME}sessions/`, response: z.object({ results: z.array(memberSessionSchema) }) }),
  revokeSession: endpoint({ method: 'DELETE', path: `${ME}sessions/:id/`, params: idParamsSchema, status: 204 }),
};
