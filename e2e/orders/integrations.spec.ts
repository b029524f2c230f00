import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { api, expectStatus, type Purchase } from '@shop/shared';
import { shopApi } from '../support/api';
import { closeAll, companyTeam } from '../support/company';
import { demoAdmin, signInViaApi } from '../support/users';

/**
 * Issue 32, a company connecting its purchasing system: the owner makes an API key and a
 * webhook on their pages; the system places a purchase with the key; the event reaches the
 * system's receiver, signed with the webhook's secret; the delivery log shows it delivered.
 */

/** A receiver on 127.0.0.1 that keeps what it gets and answers `status`. */
async function receiver(status = 200) {
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      got.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = status;
      response.end(status < 300 ? 'ok' : 'down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/purchasing`,
    got,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an owner makes a key and a webhook; a purchase placed with the key reaches the receiver, signed; the log shows it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const team = await companyTeam(browser, {
    product: {
      name: 'Integration NVMe 2TB',
      img: '/images/products/ssd.svg',
      description: 'A drive ordered by a purchasing system through the API.',
      price: 180,
      available: 500,
    },
    company: { name: 'Northwind Procurement' },
    limit: 1_000_000,
    contractPrice: 165,
  });
  const { owner, product, company } = team;
  const target = await receiver();
  try {
    const page = owner.page;

    // The key, for the purchasing system: read the catalogue and place purchases.
    await page.goto('/dashboard/api-keys');
    const keyForm = page.getByRole('form', { name: 'Make a key' });
    await keyForm.getByRole('textbox', { name: 'Name' }).fill('Coupa purchasing');
    await keyForm.getByRole('checkbox', { name: /catalog:read/ }).check();
    await keyForm.getByRole('checkbox', { name: /purchases:write/ }).check();
    await keyForm.getByRole('button', { name: 'Make key' }).click();
    const secret = (await page.getByTestId('api-key-secret').textContent())!;
    expect(secret).toMatch(/^pk_live_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('row', { name: /Coupa purchasing/ })).toContainText(
      secret.slice(0, 12),
    );

    // The webhook, to the system's receiver: purchases placed.
    await page.goto('/dashboard/webhooks');
    const hookForm = page.getByRole('form', { name: 'Add a webhook' });
    await hookForm.getByRole('textbox', { name: 'URL' }).fill(target.url);
    await hookForm.getByRole('checkbox', { name: /purchase\.created/ }).check();
    await hookForm.getByRole('button', { name: 'Add webhook' }).click();
    const signingSecret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(signingSecret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();

    // The system places a purchase with its key, as the owner, at the contract price.
    const placed: Purchase = expectStatus(
      await shopApi(page.request).call(
        api.purchases.checkout,
        {
          body: {
            lines: [{ productId: product._id, quantity: 12 }],
            number: '+1 512 555 0142',
            address: '9600 Great Hills Trail, Austin',
            poNumber: 'COUPA-7781',
          },
        },
        { token: secret },
      ),
      201,
    );
    expect(placed).toMatchObject({ companyId: company._id, subtotal: 12 * 165 });

    // The receiver gets the event, signed with the webhook's secret.
    await expect.poll(() => target.got.length, { timeout: 30_000 }).toBe(1);
    const [delivery] = target.got;
    const event = JSON.parse(delivery!.body) as { id: string; type: string; data: Purchase };
    expect(event).toMatchObject({
      type: 'purchase.created',
      data: { _id: placed._id, poNumber: 'COUPA-7781' },
    });
    const signature = String(delivery!.headers['webhook-signature']);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature)!;
    expect(createHmac('sha256', signingSecret).update(`${t}.${delivery!.body}`).digest('hex')).toBe(
      v1,
    );

    // The delivery log shows it delivered, with the receiver's answer.
    await page.reload();
    await page
      .getByRole('row', { name: new RegExp(target.url.replaceAll('.', '\\.')) })
      .getByRole('button', { name: 'Deliveries' })
      .click();
    const log = page.getByRole('region', { name: `Deliveries to ${target.url}` });
    const row = log.getByTestId('delivery-row');
    await expect(row).toContainText('purchase.created');
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('200');
  } finally {
    await target.close();
    await closeAll([team.adminPage, owner.page, team.buyer.page, team.approver.page]);
  }
});

test('a delivery its receiver refuses is on the admin’s Jobs page, retrying, with the answer', async ({
  page,
}) => {
  const token = await signInViaApi(page, demoAdmin);
  const admin = shopApi(page.request);
  const target = await receiver(500);
  const hook = expectStatus(
    await admin.call(
      api.webhooks.create,
      { body: { url: target.url, events: ['product.updated'] } },
      { token },
    ),
    201,
  );
  try {
    expectStatus(
      await admin.call(
        api.catalog.create,
        {
          body: {
            name: 'Jobs Page Fan 92 mm',
            description: 'A fan whose event the ERP refuses.',
            price: 12,
            minimum: 1,
            available: 100,
          },
        },
        { token },
      ),
      201,
    );
    // Tried once and refused: the job waits for its next attempt.
    await expect.poll(() => target.got.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          expectStatus(
            await admin.call(api.jobs.list, { query: { state: 'retrying' } }, { token }),
            200,
          ).items.filter((job) => job.lastError === 'answered 500').length,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    await page.goto('/dashboard/jobs');
    await page.getByRole('button', { name: 'Retrying' }).click();
    const row = page
      .getByTestId('job-row')
      .filter({ hasText: 'product.updated' })
      .filter({ hasText: 'answered 500' })
      .first();
    await expect(row).toContainText('Webhook delivery');
    // When it was written, and when it is tried next.
    await expect(row.locator('time')).toHaveCount(2);
  } finally {
    // Removed, the subscription is sent nothing more: its waiting jobs end without a request.
    expectStatus(
      await admin.call(api.webhooks.remove, { params: { id: hook._id } }, { token }),
      200,
    );
    await target.close();
  }
});
