import { z } from '../zod-config.js';
import { detailSchema, emailSchema } from '../common.js';
import { endpoint, listEndpoint } from '../endpoint.js';
import {
  loginResponseSchema,
  loginSchema,
  organisationUserSchema,
  passwordResetConfirmSchema,
  passwordResetSchema,
  registrationSchema,
  userSchema,
  userUpdateSchema,
  verifyEmailSchema,
} from './accounts.js';

/** `?notify=…`: which mail the change may send (kept for the spec's clients). */
const notifyQuery = z.object({ notify: z.string().max(10).optional() });

export const accountsEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/api/accounts/registration/',
    body: registrationSchema,
    response: detailSchema,
    status: 201,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/accounts/registration/verify-email/',
    query: notifyQuery,
    body: verifyEmailSchema,
    response: detailSchema,
  }),
  resendEmail: endpoint({
    method: 'POST',
    path: '/api/accounts/registration/resend-email/',
    body: z.object({ email: emailSchema }),
    response: detailSchema,
  }),
  login: endpoint({ method: 'POST', path: '/api/accounts/login/', body: loginSchema, response: loginResponseSchema }),
  logout: endpoint({ method: 'POST', path: '/api/accounts/logout/', response: detailSchema }),
  user: endpoint({ method: 'GET', path: '/api/accounts/user/', response: userSchema }),
  replaceUser: endpoint({ method: 'PUT', path: '/api/accounts/user/', query: notifyQuery, body: userUpdateSchema, response: userSchema }),
  updateUser: endpoint({ method: 'PATCH', path: '/api/accounts/user/', query: notifyQuery, body: userUpdateSchema, response: userSchema }),
  passwordReset: endpoint({ method: 'POST', path: '/api/accounts/password/reset/', body: passwordResetSchema, response: detailSchema }),
  passwordResetConfirm: endpoint({
    method: 'POST',
    path: '/api/accounts/password/reset/confirm/',
    body: passwordResetConfirmSchema,
    response: detailSchema,
  }),
  /** The organisation's users (owner only). */
  users: listEndpoint('/api/users/', organisationUserSchema),
};
