import type { TaxExemption } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { testId } from '../../../test/factories';
import { answer, handle, mockApi, routes } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { certificateFileMessages } from '../api/exemptions';
import { CompanyExemptions, EXEMPTION_SENT } from './company-exemptions';

const companyId = testId(910);
const FILE_URL = '/uploads/0123456789abcdef01234567.pdf';

const exemption = (overrides: Partial<TaxExemption> = {}): TaxExemption => ({
  _id: testId(911),
  companyId,
  companyName: 'Acme Components Ltd',
  region: 'NY',
  certificateNumber: 'ST-120-0001',
  expiresOn: '2099-06-30',
  file: FILE_URL,
  status: 'refused',
  reviewedBy: 'boss@example.com',
  reviewedAt: '2026-11-21T09:00:00.000Z',
  reason: 'The certificate is not signed.',
  createdAt: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

const pdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'resale.pdf', { type: 'application/pdf' });

describe('CompanyExemptions', () => {
  it('lists certificates with their review, and the owner sends a new one', async () => {
    const sent: TaxExemption[] = [];
    const api = mockApi([
      handle(routes.tax.listExemptions, () => ({
        status: 200,
        body: { items: [...sent, exemption()], total: sent.length + 1, page: 1, limit: 20 },
      })),
      answer(routes.tax.uploadCertificate, 201, { url: FILE_URL }),
      handle(routes.tax.createExemption, ({ params, body }) => {
        expect(params.id).toBe(companyId);
        expect(body).toEqual({
          region: 'CA',
          certificateNumber: 'CA-SR-42',
          expiresOn: '2099-12-31',
          file: FILE_URL,
        });
        const created = exemption({
          _id: testId(912),
          region: 'CA',
          certificateNumber: 'CA-SR-42',
          expiresOn: '2099-12-31',
          status: 'pending',
          reviewedBy: null,
          reviewedAt: null,
          reason: null,
        });
        sent.push(created);
        return { status: 201, body: created };
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<CompanyExemptions companyId={companyId} isOwner />);

    const refused = await screen.findByTestId('exemption-row');
    expect(within(refused).getByText('Refused')).toBeInTheDocument();
    expect(within(refused).getByText('The certificate is not signed.')).toBeInTheDocument();

    // The state is checked before anything is sent.
    await user.type(screen.getByLabelText(/State/), 'ZZ');
    await user.type(screen.getByLabelText(/Certificate number/), 'CA-SR-42');
    await user.type(screen.getByLabelText(/Valid until/), '2099-12-31');
    await user.upload(screen.getByLabelText(/^Certificate \(PDF/), pdf());
    await user.click(screen.getByRole('button', { name: 'Send certificate' }));
    expect(await screen.findByText('Please give a US state code such as CA or NY.')).toBeVisible();
    expect(api.callsTo(routes.tax.uploadCertificate)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/State/));
    await user.type(screen.getByLabelText(/State/), 'ca');
    await user.click(screen.getByRole('button', { name: 'Send certificate' }));
    expect(await screen.findByText(EXEMPTION_SENT)).toBeInTheDocument();
    expect(api.callsTo(routes.tax.uploadCertificate)).toHaveLength(1);
    const rows = await screen.findAllByTestId('exemption-row');
    expect(within(rows[0]!).getByText('Waiting for review')).toBeInTheDocument();
  });

  it('refuses a file that is not a PDF or a scan before sending it', async () => {
    mockApi([answer(routes.tax.listExemptions, 200, { items: [], total: 0, page: 1, limit: 20 })]);
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<CompanyExemptions companyId={companyId} isOwner />);
    expect(await screen.findByText('No certificates yet.')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText(/^Certificate \(PDF/),
      new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }),
    );
    expect(screen.getByText(certificateFileMessages.type)).toBeInTheDocument();
  });

  it('shows an approver the list without the form', async () => {
    mockApi([
      answer(routes.tax.listExemptions, 200, {
        items: [exemption({ status: 'approved', reason: null })],
        total: 1,
        page: 1,
        limit: 20,
      }),
    ]);
    renderWithProviders(<CompanyExemptions companyId={companyId} isOwner={false} />);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send certificate' })).not.toBeInTheDocument();
  });
});
