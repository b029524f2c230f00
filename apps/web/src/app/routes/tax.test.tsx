import type { TaxExemption, TaxRates } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testId } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { exemptionApproved } from '../../features/tax/components/exemption-review';
import { RATES_SAVED } from '../../features/tax/components/tax-rates-admin';
import TaxPage from './tax';

const table: TaxRates = {
  rates: [
    { region: 'CA', rate: 0.0725 },
    { region: 'TX', rate: 0.0625 },
  ],
  sellerCountry: 'US',
  nexusStates: ['CA'],
};

const pending: TaxExemption = {
  _id: testId(900),
  companyId: testId(901),
  companyName: 'Acme Components Ltd',
  region: 'CA',
  certificateNumber: 'CA-RESALE-0042',
  expiresOn: '2099-06-30',
  file: '/uploads/0123456789abcdef01234567.pdf',
  status: 'pending',
  reviewedBy: null,
  reviewedAt: null,
  reason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};

const rateRows = () =>
  screen.getAllByTestId('tax-rate-row').map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

describe('TaxPage', () => {
  it('shows the rates with where they are charged, and saves a pasted CSV', async () => {
    let current = table;
    const api = mockApi([
      handle(routes.tax.rates, () => ({ status: 200, body: current })),
      handle(routes.tax.replaceRates, ({ body }) => {
        expect(body).toEqual({ csv: 'region,rate\nNY,4%' });
        current = { ...table, rates: [{ region: 'NY', rate: 0.04 }] };
        return { status: 200, body: current };
      }),
      answer(routes.tax.adminExemptions, 200, { items: [], total: 0, page: 1, limit: 20 }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<TaxPage />);

    await screen.findByRole('table', { name: 'Tax rates' });
    expect(rateRows()).toEqual([
      ['7.25 %', 'Yes (nexus)'],
      ['6.25 %', 'No'],
    ]);
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toContain('CA');
    expect(screen.getByText(/charged on shipments to CA/)).toBeInTheDocument();

    const csv = screen.getByRole('textbox', { name: 'Rates as CSV' });
    expect(csv).toHaveValue('region,rate\nCA,0.0725\nTX,0.0625');
    await user.clear(csv);
    await user.type(csv, 'region,rate{Enter}NY,4%');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));

    expect(await screen.findByText(RATES_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(rateRows()).toEqual([['4 %', 'No']]));
    expect(api.callsTo(routes.tax.replaceRates)).toHaveLength(1);
  });

  it('shows the server’s message when the CSV is refused, and keeps what was typed', async () => {
    const message = 'Line 2: Please give a US state code such as CA or NY.';
    mockApi([
      answer(routes.tax.rates, 200, table),
      answer(routes.tax.replaceRates, 400, { statusCode: 400, error: 'Bad Request', message }),
      answer(routes.tax.adminExemptions, 200, { items: [], total: 0, page: 1, limit: 20 }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<TaxPage />);
    const csv = await screen.findByRole('textbox', { name: 'Rates as CSV' });
    await user.clear(csv);
    await user.type(csv, 'XX,0.05');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(csv).toHaveValue('XX,0.05');
  });

  it('approves a waiting certificate', async () => {
    let reviewed: TaxExemption | null = null;
    const api = mockApi([
      answer(routes.tax.rates, 200, table),
      handle(routes.tax.adminExemptions, () => ({
        status: 200,
        body: { items: reviewed ? [] : [pending], total: reviewed ? 0 : 1, page: 1, limit: 20 },
      })),
      handle(routes.tax.reviewExemption, ({ params, body }) => {
        expect(params.id).toBe(pending._id);
        expect(body).toEqual({ status: 'approved' });
        reviewed = { ...pending, status: 'approved', reviewedBy: 'boss@example.com' };
        return { status: 200, body: reviewed };
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<TaxPage />);
    const row = await screen.findByTestId('review-row');
    expect(within(row).getByRole('link', { name: 'CA-RESALE-0042' })).toHaveAttribute(
      'href',
      pending.file,
    );
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(exemptionApproved('CA-RESALE-0042'))).toBeInTheDocument();
    expect(await screen.findByText('No certificates here.')).toBeInTheDocument();
    expect(api.callsTo(routes.tax.reviewExemption)).toHaveLength(1);
  });
});
