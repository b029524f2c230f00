import {
  deletedSchema,
  locationPageSchema,
  locationSchema,
  type Location,
  type LocationInput,
  type LocationPage,
  type LocationUpdate,
} from '@shop/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, routes } from '../../../lib/api-client';
import { companyKeys } from './company-keys';
import { useMySpending } from './get-my-spending';

/** Locations a page of My Company shows. */
export const LOCATIONS_PAGE = 50;

/** GET /companies/{id}/locations: the company's ship-to locations, by name, a page at a time. */
export function getLocations(
  id: string,
  page: number,
  signal?: AbortSignal,
  limit = LOCATIONS_PAGE,
): Promise<LocationPage> {
  return call(
    routes.locations.list,
    { params: { id }, query: { page: String(page), limit: String(limit) } },
    { schema: locationPageSchema, signal },
  );
}

export const locationsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: companyKeys.locations(id, page),
    queryFn: ({ signal }) => getLocations(id, page, signal),
    placeholderData: keepPreviousData,
  });

export function useLocations(id: string, page: number) {
  return useQuery(locationsQueryOptions(id, page));
}

/** The most a page may hold: the checkout offers the first hundred locations by name. */
const CHECKOUT_LOCATIONS = 100;

/**
 * The caller's company's locations for the checkout to offer (none outside a company): the
 * company comes from GET /company/spending, which the cart reads anyway.
 */
export function useShipToLocations(): Location[] {
  const { data: spending } = useMySpending();
  const companyId = spending?.companyId ?? null;
  const { data } = useQuery({
    queryKey: [...companyKeys.locations(companyId ?? '', 1), 'checkout'] as const,
    queryFn: ({ signal }) => getLocations(companyId!, 1, signal, CHECKOUT_LOCATIONS),
    enabled: companyId !== null,
  });
  return data?.items ?? [];
}

export interface SaveLocationVariables {
  companyId: string;
  /** None: a new location. */
  locationId?: string;
  location: LocationInput | LocationUpdate;
}

/** POST /companies/{id}/locations, or PUT .../{locationId} for one that exists. */
export function saveLocation({
  companyId,
  locationId,
  location,
}: SaveLocationVariables): Promise<Location> {
  return locationId
    ? call(
        routes.locations.update,
        { params: { id: companyId, locationId }, body: location },
        { schema: locationSchema },
      )
    : call(
        routes.locations.create,
        { params: { id: companyId }, body: location as LocationInput },
        { schema: locationSchema },
      );
}

/** DELETE /companies/{id}/locations/{locationId}. */
export async function removeLocation({
  companyId,
  locationId,
}: {
  companyId: string;
  locationId: string;
}): Promise<void> {
  await call(
    routes.locations.remove,
    { params: { id: companyId, locationId } },
    { schema: deletedSchema },
  );
}

function useInvalidateLocations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['companies', 'locations'] });
}

export function useSaveLocation() {
  const invalidate = useInvalidateLocations();
  return useMutation({ mutationFn: saveLocation, onSuccess: invalidate });
}

export function useRemoveLocation() {
  const invalidate = useInvalidateLocations();
  return useMutation({ mutationFn: removeLocation, onSuccess: invalidate });
}
