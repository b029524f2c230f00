import { emailParamsSchema } from '../identity.js';
import { userInfoAnswerSchema, userInfoSavedSchema, userInfoSchema } from '../profile.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** My Profile (SPEC section 3). */

export const get = endpoint({
  method: 'GET',
  path: '/userinfo/{email}',
  summary: 'Your profile (null before the first save)',
  access: 'user',
  who: 'self',
  params: emailParamsSchema,
  responses: { 200: userInfoAnswerSchema, ...errors(400, 401, 403) },
});

export const save = endpoint({
  method: 'PUT',
  path: '/userinfo/{email}',
  summary: 'Save your profile (all four fields)',
  access: 'user',
  who: 'self',
  params: emailParamsSchema,
  body: userInfoSchema,
  responses: { 200: userInfoSavedSchema, ...errors(400, 401, 403) },
});
