import { formatAddress, type Location } from '@shop/shared';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import errorButton from '../../../components/ui/button-error.module.css';
import { Chip } from '../../../components/ui/chip';
import { LoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { notify } from '../../../components/ui/toast';
import { useLocations, useRemoveLocation } from '../api/locations';
import { LocationForm } from './location-form';
import styles from './companies.module.css';

export const CONFIRM_REMOVE_LOCATION = 'Remove this location?';
export const LOCATION_REMOVED = 'Location removed.';

/**
 * The company's ship-to locations (issue 29), picked at checkout. Every member sees them; the
 * owner adds, changes and removes them. Purchases already shipped keep their address.
 */
export function LocationsPanel({
  companyId,
  isOwner,
  admin = false,
}: {
  companyId: string;
  /** The owner, or an admin: may add, change and remove locations. */
  isOwner: boolean;
  /** The shop's admin: may also exempt a location from tax. */
  admin?: boolean;
}) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const locations = useLocations(companyId, page);
  const remove = useRemoveLocation();
  // null: no form; 'new': adding; a location: changing it.
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [removing, setRemoving] = useState<Location | null>(null);

  let list;
  if (locations.isPending) list = <Skeleton variant="rounded" height={80} />;
  else if (locations.error)
    list = (
      <LoadError
        title="We could not load the locations."
        error={locations.error}
        retrying={locations.isFetching}
        onRetry={() => void locations.refetch()}
      />
    );
  else if (locations.data.total === 0)
    list = (
      <Alert severity="info" role="status">
        No ship-to locations yet
        {isOwner ? ': add your warehouses and sites, and pick one at checkout.' : '.'}
      </Alert>
    );
  else
    list = (
      <>
        <ul className={styles.locations} aria-busy={locations.isPlaceholderData || undefined}>
          {locations.data.items.map((location) => {
            const nameId = `location-${location._id}`;
            return (
              <li key={location._id} className={styles.location} data-testid="location">
                <div>
                  <p id={nameId} className={styles.locationName}>
                    {location.name}
                    {location.taxExempt && <Chip size="small" label="Tax exempt" />}
                  </p>
                  <p className={styles.hint}>{formatAddress(location.address)}</p>
                </div>
                {isOwner && (
                  <div className={styles.actions}>
                    <Button
                      size="small"
                      variant="outlined"
                      aria-describedby={nameId}
                      onClick={() => setEditing(location)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      color="inherit"
                      className={errorButton.outlined}
                      aria-describedby={nameId}
                      onClick={() => setRemoving(location)}
                    >
                      Delete
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <Pager
          page={locations.data.page}
          limit={locations.data.limit}
          total={locations.data.total}
          shown={locations.data.items.length}
          label="Pages of locations"
          onPage={setPage}
        />
      </>
    );

  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        Ship-to locations
      </h2>
      {list}
      {isOwner &&
        (editing ? (
          <LocationForm
            key={editing === 'new' ? 'new' : editing._id}
            companyId={companyId}
            location={editing === 'new' ? undefined : editing}
            canExempt={admin}
            onDone={() => setEditing(null)}
          />
        ) : (
          <div>
            <Button variant="outlined" onClick={() => setEditing('new')}>
              Add location
            </Button>
          </div>
        ))}
      <ConfirmDialog
        open={removing !== null}
        question={CONFIRM_REMOVE_LOCATION}
        detail={removing?.name}
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { companyId, locationId: removing._id },
            {
              onSuccess: () => notify.success(LOCATION_REMOVED),
              onError: (error) => notify.error(error.message),
              onSettled: () => setRemoving(null),
            },
          )
        }
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
