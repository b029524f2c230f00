import { formatAddress, purchaseMessages, type PostalAddress } from '@shop/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { SignedInUser } from '../../kernel/people.js';
import { locationOfBuyer } from '../../modules/companies/locations.js';

/**
 * Where a purchase ships (issue 29, docs/decisions/034): the one step of the one way to buy that
 * reads the destination, so the rules that depend on it (shipping methods, tax) read it here too.
 * Exactly one source is used, the first given of: `locationId` (a location of the buyer's own
 * company; 404 for any other), `shipTo` (a structured address) and SPEC's one-line `address`.
 * The purchase keeps the structured address (null for the one-line one) and, in SPEC's `address`
 * field, its one-line form, so every reader of `address` (lists, CSV, emails, invoices) goes on.
 */

export interface ShipToRequest {
  locationId?: string | undefined;
  shipTo?: PostalAddress | undefined;
  address?: string | undefined;
}

export interface Destination {
  /** SPEC's one-line address, as the purchase stores it. */
  address: string;
  /** The structured address; null when only the one-line address was given. */
  shipTo: PostalAddress | null;
  /** The company location it ships to, when one was picked. */
  locationId: string | null;
  /** Whether the shop's admins exempted that location from tax. */
  taxExempt: boolean;
}

export async function resolveShipTo(
  db: Db,
  user: SignedInUser,
  request: ShipToRequest,
): Promise<Destination> {
  if (request.locationId !== undefined) {
    const location = await locationOfBuyer(db, user, request.locationId);
    return {
      address: formatAddress(location.address),
      shipTo: location.address,
      locationId: location.locationId,
      taxExempt: location.taxExempt,
    };
  }
  if (request.shipTo !== undefined)
    return {
      address: formatAddress(request.shipTo),
      shipTo: request.shipTo,
      locationId: null,
      taxExempt: false,
    };
  if (request.address !== undefined)
    return { address: request.address, shipTo: null, locationId: null, taxExempt: false };
  throw new HttpError(400, purchaseMessages.noAddress);
}
