import type { ShippingOption } from '@shop/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testId } from '../test/factories';
import { NO_SHIPPING_METHOD, ShippingOptionList } from './shipping-option-list';

const options: ShippingOption[] = [
  { _id: testId(1), name: 'UPS Ground', carrier: 'UPS', price: 12.5, days: { min: 1, max: 5 } },
  { _id: testId(2), name: 'UPS Next Day Air', carrier: 'UPS', price: 0, days: { min: 1, max: 1 } },
  {
    _id: testId(3),
    name: 'Sea Freight (LCL)',
    carrier: 'Maersk',
    price: 850,
    days: { min: 20, max: 35 },
  },
];
// A Friday: the estimates skip the weekend.
const friday = new Date('2026-11-27T15:00:00Z');

describe('ShippingOptionList', () => {
  it('lists each method with its carrier, price and delivery estimate in business days', () => {
    render(<ShippingOptionList options={options} shipsOn={friday} />);
    const items = within(screen.getByRole('list', { name: 'Shipping methods' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'UPS Ground (UPS)$12.501-5 business days, arrives 30 Nov – 4 Dec 2026',
      'UPS Next Day Air (UPS)Free1 business day, arrives 30 Nov 2026',
      'Sea Freight (LCL) (Maersk)$85020-35 business days, arrives 25 Dec 2026 – 15 Jan 2027',
    ]);
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('lets the caller pick one method when it asks to', () => {
    const onSelect = vi.fn();
    render(
      <ShippingOptionList
        options={options}
        shipsOn={friday}
        selectedId={testId(1)}
        onSelect={onSelect}
      />,
    );
    const ground = screen.getByRole('radio', { name: /UPS Ground/ });
    expect(ground).toBeChecked();
    fireEvent.click(screen.getByRole('radio', { name: /Sea Freight/ }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(options[2]);
  });

  it('says so when no method serves the destination', () => {
    render(<ShippingOptionList options={[]} />);
    expect(screen.getByText(NO_SHIPPING_METHOD)).toBeInTheDocument();
  });
});
