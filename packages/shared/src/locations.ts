import { z } from 'zod';
import { postalAddressAnswerSchema, postalAddressSchema } from './addresses.js';
import { idSchema } from './answers.js';
import { isOneLine } from './fields.js';
import { messages } from './messages.js';
import { pageOf } from './paging.js';

/**
 * A company's ship-to locations (DESIGN section 9, issue 29): the warehouses, offices and sites a
 * company has goods delivered to, each a name and a structured address. The owners (and the
 * shop's admins) manage them; every member sees them, as they pick one at checkout. `taxExempt`
 * marks a location whose deliveries are exempt from tax; only an admin sets it, so an owner
 * cannot exempt their own company (docs/decisions/034).
 */

/** Locations of one company: a distributor's sites, with room to spare. */
export const COMPANY_LOCATIONS_MAX = 200;
export const LOCATION_NAME_MAX = 80;

export const locationMessages = {
  name: `Please give the location a name (1 to ${LOCATION_NAME_MAX} characters), for example "Main warehouse".`,
  taxExempt: 'Please answer true or false for tax exemption.',
  taxExemptAdminOnly: "Only the shop's admins may mark a location exempt from tax.",
  tooMany: `A company has at most ${COMPANY_LOCATIONS_MAX} locations: remove one first.`,
  notFound: 'This location does not exist.',
  ownersOnly: "Only the company's owners may change its locations.",
  nothingToChange: 'Nothing to change: give the name, the address or the tax exemption.',
  noCompany:
    'You do not belong to a company, so there are no saved locations: please give the address instead.',
} as const;

const locationName = z
  .string({ error: locationMessages.name })
  .trim()
  .min(1, locationMessages.name)
  .max(LOCATION_NAME_MAX, locationMessages.name)
  .refine(isOneLine, messages.oneLine);

/** Body of POST /companies/{id}/locations. `taxExempt` (an admin's to set) defaults to false. */
export const locationInputSchema = z.object({
  name: locationName,
  address: postalAddressSchema,
  taxExempt: z.boolean({ error: locationMessages.taxExempt }).optional(),
});
export type LocationInput = z.input<typeof locationInputSchema>;

/** Body of PUT /companies/{id}/locations/{locationId}: any of the fields, at least one. */
export const locationUpdateSchema = locationInputSchema
  .partial()
  .refine((input) => Object.keys(input).length > 0, locationMessages.nothingToChange);
export type LocationUpdate = z.input<typeof locationUpdateSchema>;

export const locationParamsSchema = z.object({ id: idSchema, locationId: idSchema });

/** A location as the API answers it. */
export const locationSchema = z.object({
  _id: idSchema,
  companyId: idSchema,
  name: z.string(),
  address: postalAddressAnswerSchema,
  taxExempt: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Location = z.infer<typeof locationSchema>;

export const locationPageSchema = pageOf(locationSchema);
export type LocationPage = z.infer<typeof locationPageSchema>;
