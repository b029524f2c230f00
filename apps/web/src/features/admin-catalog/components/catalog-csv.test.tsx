import type { CatalogImportReport } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { handle, mockApi, routes } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { CatalogCsv } from './catalog-csv';

const CSV = 'sku,name,price\nCPU-8C,Vector X8 Processor,199\nRAM-32,Atlas DDR5 Module,89\n';
const csvFile = () => new File([CSV], 'catalogue.csv', { type: 'text/csv' });

const report = (dryRun: boolean, problems: CatalogImportReport['problems'] = []) => ({
  dryRun,
  applied: !dryRun,
  created: [{ line: 3, sku: 'RAM-32', name: 'Atlas DDR5 Module' }],
  updated: [
    {
      line: 2,
      sku: 'CPU-8C',
      name: 'Vector X8 Processor',
      changes: [{ field: 'price', from: 210, to: 199 }],
    },
  ],
  unchanged: 4,
  problems,
});

describe('CatalogCsv', () => {
  it('checks a file with a dry run, shows what would change, then applies it', async () => {
    const { callsTo } = mockApi([
      handle(routes.catalog.importCsv, ({ body }) => ({
        status: 200,
        body: report(body.dryRun ?? false),
      })),
    ]);
    const { user } = renderWithProviders(<CatalogCsv />);

    await user.upload(screen.getByLabelText('Import CSV'), csvFile());

    const dryRun = await screen.findByTestId('import-report');
    expect(within(dryRun).getByRole('status')).toHaveTextContent(
      'Dry run: 1 would be created, 1 would be updated, 4 unchanged.',
    );
    expect(within(dryRun).getByRole('region', { name: 'To update' })).toHaveTextContent(
      'Line 2: CPU-8C Vector X8 ProcessorPrice $210.00 -> $199.00',
    );
    expect(within(dryRun).getByRole('region', { name: 'To create' })).toHaveTextContent(
      'Line 3: RAM-32 Atlas DDR5 Module',
    );
    expect(callsTo(routes.catalog.importCsv).map((call) => call.body)).toEqual([
      { csv: CSV, dryRun: true },
    ]);

    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(screen.getByTestId('import-report')).toHaveTextContent(
        'Applied: 1 created, 1 updated, 4 unchanged.',
      ),
    );
    expect(callsTo(routes.catalog.importCsv).at(-1)?.body).toEqual({ csv: CSV, dryRun: false });
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('lists the problems by line and offers no Apply while there are any', async () => {
    mockApi([
      handle(routes.catalog.importCsv, () => ({
        status: 200,
        body: report(true, [
          {
            line: 3,
            sku: 'RAM-32',
            message: 'Please give the price in whole dollars, without cents.',
          },
        ]),
      })),
    ]);
    const { user } = renderWithProviders(<CatalogCsv />);

    await user.upload(screen.getByLabelText('Import CSV'), csvFile());

    const problems = await screen.findByRole('region', { name: 'Problems' });
    expect(problems).toHaveTextContent(
      'Line 3 (RAM-32): Please give the price in whole dollars, without cents.',
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('shows the lines of an apply the server refused', async () => {
    mockApi([
      handle(routes.catalog.importCsv, ({ body }) =>
        body.dryRun
          ? { status: 200, body: report(true) }
          : {
              status: 400,
              body: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'The import has lines with problems; nothing was changed.',
                problems: [{ line: 2, sku: 'CPU-8C', message: 'Another product took this name.' }],
              },
            },
      ),
    ]);
    const { user } = renderWithProviders(<CatalogCsv />);

    await user.upload(screen.getByLabelText('Import CSV'), csvFile());
    await user.click(await screen.findByRole('button', { name: 'Apply' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported');
    expect(alert).toHaveTextContent('Line 2 (CPU-8C): Another product took this name.');
  });
});
