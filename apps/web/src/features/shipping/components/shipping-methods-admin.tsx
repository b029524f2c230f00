import { transitText, type ShippingMethod, type ShippingMethodInputBody } from '@shop/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Chip } from '../../../components/ui/chip';
import { LoadError } from '../../../components/ui/load-error';
import {
  EmptyRow,
  HeadRow,
  SkeletonRows,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
} from '../../../components/ui/table';
import { notify } from '../../../components/ui/toast';
import { formatPrice } from '../../../lib/format';
import { useSaveShippingMethods, useShippingMethods } from '../api/shipping-methods';
import { emptyShippingMethod, formValuesOf, inputOf } from '../schemas';
import { ShippingMethodForm } from './shipping-method-form';
import styles from './shipping.module.css';

const COLUMNS = [
  'Method',
  'Countries',
  'Price',
  'Free above',
  'Days',
  'Status',
  'Actions',
] as const;

export const shippingSavedMessage = (name: string) => `Shipping method saved: ${name}.`;

/** "Flat $39.95" or "Up to 5 kg $12.50, up to 30 kg $24.90". */
export function priceText(method: ShippingMethod): string {
  if (method.flatPrice !== null) return `Flat ${formatPrice(method.flatPrice)}`;
  return method.weightBands
    .map((band) => `up to ${band.upToKg} kg ${formatPrice(band.price)}`)
    .join(', ')
    .replace(/^u/, 'U');
}

/** "US, CA" or, for a long zone, "AD, AE, AF … (249 countries)". */
const countriesText = (countries: string[]) =>
  countries.length <= 8
    ? countries.join(', ')
    : `${countries.slice(0, 6).join(', ')} … (${countries.length} countries)`;

type Editing = { kind: 'new' } | { kind: 'edit'; method: ShippingMethod } | null;

/**
 * The admin's shipping methods (issue 29 item 2): the list, a form to add one or edit one, and
 * a button to stop or resume offering one. Every change saves the whole list, as the API takes it.
 */
export function ShippingMethodsAdmin() {
  const methods = useShippingMethods();
  const save = useSaveShippingMethods();
  const [editing, setEditing] = useState<Editing>(null);
  const list = methods.data ?? [];

  const saveList = async (next: ShippingMethodInputBody[], name: string) => {
    await save.mutateAsync(next);
    notify.success(shippingSavedMessage(name));
  };
  const toggle = (method: ShippingMethod) =>
    saveList(
      list.map((other) =>
        other._id === method._id ? { ...inputOf(other), active: !other.active } : inputOf(other),
      ),
      method.name,
    ).catch((error: unknown) =>
      notify.error(error instanceof Error ? error.message : String(error)),
    );

  return (
    <div className={styles.page}>
      {editing ? (
        <ShippingMethodForm
          key={editing.kind === 'edit' ? editing.method._id : 'new'}
          title={editing.kind === 'edit' ? `Edit ${editing.method.name}` : 'Add a shipping method'}
          submitLabel={editing.kind === 'edit' ? 'Save method' : 'Add method'}
          defaultValues={
            editing.kind === 'edit' ? formValuesOf(editing.method) : emptyShippingMethod
          }
          pending={save.isPending}
          onCancel={() => setEditing(null)}
          onSave={async (method) => {
            const next =
              editing.kind === 'edit'
                ? list.map((other) =>
                    other._id === editing.method._id
                      ? { ...method, _id: other._id }
                      : inputOf(other),
                  )
                : [...list.map(inputOf), method];
            await saveList(next, method.name);
            setEditing(null);
          }}
        />
      ) : (
        <div>
          <Button variant="contained" onClick={() => setEditing({ kind: 'new' })}>
            Add a shipping method
          </Button>
        </div>
      )}
      {methods.isError ? (
        <LoadError
          title="The shipping methods could not be loaded."
          error={methods.error}
          onRetry={() => void methods.refetch()}
          retrying={methods.isFetching}
        />
      ) : (
        <TableContainer>
          <Table cardsOnPhones aria-label="Shipping methods">
            <HeadRow columns={COLUMNS} />
            <TableBody aria-busy={methods.isPending || undefined}>
              {methods.isPending ? (
                <SkeletonRows columns={COLUMNS} />
              ) : list.length === 0 ? (
                <EmptyRow columns={COLUMNS.length}>No shipping methods yet.</EmptyRow>
              ) : (
                list.map((method) => (
                  <TableRow key={method._id}>
                    <TableCell label="Method">
                      <span className={styles.rowName}>{method.name}</span>{' '}
                      <span className={styles.secondary}>{method.carrier}</span>
                    </TableCell>
                    <TableCell label="Countries" className={styles.countries}>
                      {countriesText(method.countries)}
                    </TableCell>
                    <TableCell label="Price">{priceText(method)}</TableCell>
                    <TableCell label="Free above">
                      {method.freeAbove === null ? 'Never' : formatPrice(method.freeAbove)}
                    </TableCell>
                    <TableCell label="Days">
                      {transitText({ min: method.daysMin, max: method.daysMax })}
                    </TableCell>
                    <TableCell label="Status">
                      <Chip
                        size="small"
                        label={method.active ? 'Offered' : 'Not offered'}
                        color={method.active ? 'success' : 'default'}
                      />
                    </TableCell>
                    <TableCell label="Actions">
                      <div className={styles.actions}>
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => setEditing({ kind: 'edit', method })}
                          aria-label={`Edit ${method.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="small"
                          onClick={() => void toggle(method)}
                          disabled={save.isPending}
                          aria-label={`${method.active ? 'Deactivate' : 'Activate'} ${method.name}`}
                        >
                          {method.active ? 'Deactivate' : 'Activate'}
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </div>
  );
}
