import { deletedSchema, idParamsSchema } from '../common.js';
import {
  locationInputSchema,
  locationParamsSchema,
  locationSchema,
  locationUpdateSchema,
} from '../locations.js';
import { pageOf, pageQuerySchema } from '../paging.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** A company's ship-to locations (issue 29): its owners and admins manage them, members read. */

export const list = endpoint({
  method: 'GET',
  path: '/companies/{id}/locations',
  summary: "The company's ship-to locations, by name, a page at a time",
  access: 'user',
  scope: 'purchases:read',
  who: 'member or admin',
  params: idParamsSchema,
  query: pageQuerySchema,
  responses: { 200: pageOf(locationSchema), ...errors(400, 401, 403, 404) },
});

export const create = endpoint({
  method: 'POST',
  path: '/companies/{id}/locations',
  summary: 'Add a ship-to location (at most 200 a company); only an admin may mark it tax-exempt',
  access: 'user',
  who: 'company owner or admin',
  params: idParamsSchema,
  body: locationInputSchema,
  responses: { 201: locationSchema, ...errors(400, 401, 403, 404, 409) },
});

export const update = endpoint({
  method: 'PUT',
  path: '/companies/{id}/locations/{locationId}',
  summary: "Change a location's name or address; only an admin may change its tax exemption",
  access: 'user',
  who: 'company owner or admin',
  params: locationParamsSchema,
  body: locationUpdateSchema,
  responses: { 200: locationSchema, ...errors(400, 401, 403, 404) },
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/companies/{id}/locations/{locationId}',
  summary: 'Remove a location; purchases shipped to it keep their address',
  access: 'user',
  who: 'company owner or admin',
  params: locationParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404) },
});
