import { CARRIER_MAX, TRACKING_NUMBER_MAX } from '@shop/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NO_PARCEL_TEXT, ParcelFields, parcelOf, type ParcelText } from './parcel-fields';

function Harness({ seen }: { seen: ParcelText[] }) {
  const [value, setValue] = useState(NO_PARCEL_TEXT);
  return (
    <ParcelFields
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      autoFocus
    />
  );
}

describe('ParcelFields', () => {
  it('asks for the carrier and the tracking number, both optional and capped', async () => {
    const seen: ParcelText[] = [];
    render(<Harness seen={seen} />);
    const carrier = screen.getByRole('textbox', { name: 'Carrier' });
    const tracking = screen.getByRole('textbox', { name: 'Tracking number' });
    expect(carrier).toHaveAccessibleDescription('UPS, FedEx, DHL, USPS or another (optional)');
    expect(tracking).toHaveAccessibleDescription('Optional');
    expect(carrier).not.toBeRequired();
    expect(carrier).toHaveAttribute('maxlength', String(CARRIER_MAX));
    expect(tracking).toHaveAttribute('maxlength', String(TRACKING_NUMBER_MAX));
    // The dialog focuses the carrier first.
    expect(carrier).toHaveAttribute('data-autofocus');
    expect(tracking).not.toHaveAttribute('data-autofocus');

    await userEvent.type(carrier, 'UPS');
    await userEvent.type(tracking, '1Z9');
    expect(seen.at(-1)).toEqual({ carrier: 'UPS', trackingNumber: '1Z9' });
  });

  it('leaves the focus to the dialog unless asked', () => {
    render(<ParcelFields value={NO_PARCEL_TEXT} onChange={() => {}} />);
    expect(screen.getByRole('textbox', { name: 'Carrier' })).not.toHaveAttribute('data-autofocus');
  });
});

describe('parcelOf', () => {
  it('trims what was typed and sends a blank as null', () => {
    expect(parcelOf({ carrier: '  DHL ', trackingNumber: ' JD0146' })).toEqual({
      carrier: 'DHL',
      trackingNumber: 'JD0146',
    });
    expect(parcelOf({ carrier: '   ', trackingNumber: '' })).toEqual({
      carrier: null,
      trackingNumber: null,
    });
  });
});
