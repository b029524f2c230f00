import { z } from 'zod';
import {
  productCreatedSchema,
  productInputSchema,
  productSchema,
  productUpdatedSchema,
  productUpdateSchema,
} from '../catalog.js';
import { deletedSchema, idParamsSchema } from '../common.js';
import { endpoint } from './contract.js';
import { errors } from './errors.js';

/** The products (SPEC calls them items). Reads are public and cached with an ETag. */

export const list = endpoint({
  method: 'GET',
  path: '/items',
  summary: 'Every product',
  access: 'anyone',
  responses: { 200: z.array(productSchema) },
});

export const get = endpoint({
  method: 'GET',
  path: '/item/{id}',
  summary: 'One product',
  access: 'anyone',
  params: idParamsSchema,
  responses: { 200: productSchema, ...errors(400, 404) },
});

export const create = endpoint({
  method: 'POST',
  path: '/item',
  summary: 'Add a product',
  access: 'admin',
  body: productInputSchema,
  responses: { 201: productCreatedSchema, ...errors(400, 401, 403) },
});

export const update = endpoint({
  method: 'PUT',
  path: '/item/{id}',
  summary: "Change a product's price, minimum, stock or description",
  access: 'admin',
  params: idParamsSchema,
  body: productUpdateSchema,
  responses: { 200: productUpdatedSchema, ...errors(400, 401, 403, 404) },
});

export const remove = endpoint({
  method: 'DELETE',
  path: '/item/{id}',
  summary: 'Delete a product',
  access: 'admin',
  params: idParamsSchema,
  responses: { 200: deletedSchema, ...errors(400, 401, 403, 404) },
});
