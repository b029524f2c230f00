import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { api, expectStatus, formatMoney, type Purchase } from '@shop/shared';
import { extractText } from 'unpdf';
import { shopApi } from '../support/api';
import { expectAccessible } from '../support/axe';
import { addProduct, closeAll, companyTeam } from '../support/company';
import { latestEmailTo, linkIn } from '../support/mail';
import { demoAdmin } from '../support/users';
import { payByCard } from '../support/payments';

/**
 * Issue 31, a quote as a system integrator and the shop's admin go through it: the buyer asks
 * for a quote on a three-line cart; the admin offers prices; the buyer counters with a target
 * price; the admin offers again; the buyer accepts the second offer, sees shipping and tax
 * before placing it, pays the purchase by card and downloads the quote PDF and the invoice,
 * whose totals agree with each other and with what the accept form showed.
 */

const usd = (value: number) => formatMoney(value);

/** A downloaded PDF's text, spaces squeezed. */
async function pdfText(download: Promise<Download>): Promise<string> {
  const path = await (await download).path();
  const { text } = await extractText(new Uint8Array(await readFile(path!)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** Puts `quantity` of the product in the cart from its page. */
async function addToCart(page: Page, productId: string, quantity: number, lines: number) {
  await page.goto(`/purchase/${productId}`);
  await page.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('banner').getByTestId('cart-link')).toHaveAccessibleName(
    `Cart, ${lines} line${lines === 1 ? '' : 's'}`,
  );
}

test('a quote for three lines: offered, countered, offered again, accepted, paid; the quote PDF and the invoice agree', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const team = await companyTeam(browser, {
    product: {
      name: 'Quote SSD 3.84TB',
      img: '/images/products/ssd.svg',
      description: 'An enterprise SSD bought on a project quote.',
      price: 400,
      available: 5_000,
    },
    company: { name: 'Northwind Integrators' },
    limit: 1_000_000,
    contractPrice: 390,
  });
  const { adminPage, adminToken, buyer, owner, approver, product: ssd } = team;
  const admin = { page: adminPage, token: adminToken, client: shopApi(adminPage.request) };
  const tag = ssd.name.split(' ').pop()!;
  const nic = await addProduct(
    admin,
    {
      name: 'Quote 25GbE NIC',
      img: '/images/products/network-card.svg',
      description: 'A dual-port network card for the same build.',
      price: 150,
      available: 1_000,
    },
    tag,
  );
  const cable = await addProduct(
    admin,
    {
      name: 'Quote DAC Cable 3m',
      img: '/images/products/placeholder.svg',
      description: 'Direct-attach copper cables for the top-of-rack switches.',
      price: 25,
      available: 2_000,
    },
    tag,
  );

  // The buyer fills a cart with three lines and asks for a quote on it.
  const page = buyer.page;
  await addToCart(page, ssd._id, 200, 1);
  await addToCart(page, nic._id, 40, 2);
  await addToCart(page, cable._id, 80, 3);
  await page.getByRole('banner').getByTestId('cart-link').click();
  await expect(page).toHaveURL('/cart');
  const ask = page.getByRole('form', { name: 'Request a quote' });
  await ask
    .getByRole('textbox', { name: 'Message (optional)' })
    .fill('For the Q3 data-centre build: what can you do on the drives?');
  await ask.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
  const quoteId = page.url().split('/').pop()!;
  const heading = page.getByRole('heading', { name: /^Quote Q-\d{4}-\d{5}$/ });
  await expect(heading).toBeVisible();
  const quoteNumber = (await heading.textContent())!.replace('Quote ', '');
  await expect(page.getByTestId('requested-line')).toHaveCount(3);
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();

  // The admin is mailed, and offers prices from the quote's page.
  const asked = await latestEmailTo(demoAdmin.email, new RegExp(`Quote ${quoteNumber} requested`));
  expect(linkIn(asked, `/dashboard/quotes/${quoteId}`)).toContain(quoteId);
  await adminPage.goto(`/dashboard/quotes/${quoteId}`);
  const offer = async (prices: [string, string][], note: string, version: number) => {
    const form = adminPage.getByRole('form', { name: 'Make an offer' });
    for (const [name, price] of prices) {
      await form.getByRole('spinbutton', { name: `Unit price of ${name}` }).fill(price);
    }
    await form.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
    await form.getByRole('button', { name: 'Send offer' }).click();
    await expect(adminPage.getByRole('region', { name: `Offer version ${version}` })).toBeVisible();
  };
  await offer(
    [
      [ssd.name, '350'],
      [nic.name, '140'],
      [cable.name, '22'],
    ],
    'Delivery in two lots.',
    1,
  );

  // The buyer reads the offer (and its email) and counters: $330 a drive.
  const offered = await latestEmailTo(buyer.user.email, /^Our offer for quote/);
  expect(offered.subject).toContain(quoteNumber);
  await page.reload();
  const first = page.getByRole('region', { name: 'Offer version 1' });
  await expect(first).toContainText('$70,000');
  const write = page.getByRole('form', { name: 'Write a message' });
  await write.getByRole('textbox', { name: 'Message' }).fill('At $330 a drive we order today.');
  await write
    .getByRole('spinbutton', { name: `New target price for ${ssd.name} (optional)` })
    .fill('330');
  await write.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-message').last()).toContainText(
    'At $330 a drive we order today.',
  );

  // The admin meets them at $335 and offers again: version 2, the latest.
  await adminPage.reload();
  await expect(adminPage.getByTestId('quote-message').last()).toContainText('$330');
  await offer([[ssd.name, '335']], 'Our best for 200 drives.', 2);

  // The buyer accepts the second offer: shipping and tax shown before placing it.
  await page.reload();
  const latest = page.getByRole('region', { name: 'Offer version 2' });
  await expect(latest).toContainText('Latest');
  const goods = 200 * 335 + 40 * 140 + 80 * 22;
  await expect(latest).toContainText(usd(goods));
  await page.getByRole('button', { name: 'Accept offer' }).click();
  const accept = page.getByRole('form', { name: 'Accept offer' });
  await accept.getByRole('textbox', { name: 'Phone Number' }).fill('+1 512 555 0142');
  await accept.getByRole('textbox', { name: 'Address' }).fill('9600 Great Hills Trail, Austin');
  const total = accept.getByTestId('accept-total');
  await expect(total).toBeVisible();
  await expect(accept.getByTestId('charge-subtotal')).toHaveText(usd(goods));
  const shownTotal = (await total.textContent())!;
  await expectAccessible(page, 'a quote with two offers, its thread and the accept form');
  await accept.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/purchases\/[0-9a-f-]{36}$/);
  const purchaseId = page.url().split('/').pop()!;
  const placed: Purchase = expectStatus(
    await shopApi(page.request).call(
      api.purchases.get,
      { params: { id: purchaseId } },
      { token: buyer.token },
    ),
    200,
  );
  expect(placed).toMatchObject({ quoteNumber, quoteId, subtotal: goods, status: 'unpaid' });
  expect(usd(placed.total)).toBe(shownTotal);
  await expect(page.getByRole('link', { name: `Quote ${quoteNumber}` })).toBeVisible();

  // It is paid by card, the whole purchase at once.
  await page.getByRole('link', { name: `Pay the whole purchase (${shownTotal})` }).click();
  await expect(page).toHaveURL(`/dashboard/payment/purchase/${purchaseId}`);
  await payByCard(page);
  await expect(page).toHaveURL(`/dashboard/purchases/${purchaseId}`);
  const paid: Purchase = expectStatus(
    await shopApi(page.request).call(
      api.purchases.get,
      { params: { id: purchaseId } },
      { token: buyer.token },
    ),
    200,
  );
  expect(paid).toMatchObject({ status: 'paid', total: placed.total });

  // The invoice: the quote's number and the total charged.
  await page.reload();
  const invoice = await pdfText(
    (async () => {
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: `Download invoice ${paid.invoiceNumber}` }).click();
      return download;
    })(),
  );
  expect(invoice).toContain(`Quote number: ${quoteNumber}`);
  expect(invoice).toContain(`Total ${shownTotal}`);

  // The quote PDF of the version accepted: the same lines, the purchase and the same total.
  await page.getByRole('link', { name: `Quote ${quoteNumber}` }).click();
  await expect(page).toHaveURL(`/dashboard/quotes/${quoteId}`);
  await expect(page.getByText('Accepted', { exact: true })).toBeVisible();
  const quotePdf = await pdfText(
    (async () => {
      const download = page.waitForEvent('download');
      await page
        .getByRole('region', { name: 'Offer version 2' })
        .getByRole('button', { name: 'Download PDF' })
        .click();
      return download;
    })(),
  );
  for (const words of [
    `Quote ${quoteNumber}, version 2`,
    `Purchase number: ${placed.number}`,
    ssd.name,
    nic.name,
    cable.name,
    '$335',
    `Total charged ${shownTotal}`,
  ]) {
    expect(quotePdf).toContain(words);
  }
  await closeAll([adminPage, owner.page, buyer.page, approver.page]);
});
