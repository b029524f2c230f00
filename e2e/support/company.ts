import type { Browser, Page } from '@playwright/test';
import { api, expectStatus, type Company, type Product, type ProductInputBody } from '@shop/shared';
import { shopApi } from './api';
import { verifyAddress } from './mail';
import { demoAdmin, newUser, signInViaApi, signUpViaApi, type TestUser } from './users';

/** A page in a browser context of its own: its own cookies, so its own session. */
export const personalPage = async (browser: Browser): Promise<Page> =>
  (await browser.newContext()).newPage();

/** A person with a verified address, signed in in a browser of their own, with a shop token. */
export async function verifiedPerson(browser: Browser, user: TestUser) {
  const page = await personalPage(browser);
  const { token } = await signUpViaApi(page, user);
  await verifyAddress(page.request, user.email);
  return { page, token, user };
}
export type Person = Awaited<ReturnType<typeof verifiedPerson>>;

/** The demo admin signed in in a browser of their own, with a client for the journey's setup. */
export async function adminSession(browser: Browser) {
  const page = await personalPage(browser);
  const token = await signInViaApi(page, demoAdmin);
  return { page, token, client: shopApi(page.request) };
}
export type AdminSession = Awaited<ReturnType<typeof adminSession>>;

/** A new product for one journey (minimum 1 unless given), its name tagged so no other run's is. */
export async function addProduct(
  admin: AdminSession,
  product: Omit<ProductInputBody, 'minimum'> & { minimum?: number },
  tag: string,
): Promise<Product> {
  return expectStatus(
    await admin.client.call(
      api.catalog.create,
      { body: { minimum: 1, ...product, name: `${product.name} ${tag}` } },
      { token: admin.token },
    ),
    201,
  ).product;
}

interface CompanyTeamSetup {
  /** The new product, at its list price; its name gets a tag no other run's has. */
  product: Omit<ProductInputBody, 'minimum'> & { minimum?: number };
  /** The company's name (tagged too) and, if it has one, its tax id. */
  company: { name: string; taxId?: string };
  /** The buyer's monthly spending limit. */
  limit: number;
  /** What the company pays for the product (the admin's contract price). */
  contractPrice: number;
}

/**
 * The company buying journeys' start (issue 27 and 28): the admin adds a product; an owner
 * creates a company and invites a buyer with a monthly limit and an approver without one, who
 * each accept (decision 022: nobody joins without saying yes); the admin gives the company a
 * contract price for the product. Each person has a browser of their own; close them with
 * `closeAll` at the end.
 */
export async function companyTeam(browser: Browser, setup: CompanyTeamSetup) {
  const tag = Date.now().toString(36);
  const admin = await adminSession(browser);
  const { client, token: adminToken, page: adminPage } = admin;
  const product = await addProduct(admin, setup.product, tag);
  const owner = await verifiedPerson(browser, { ...newUser(), name: 'Olive Owner' });
  const buyer = await verifiedPerson(browser, { ...newUser(), name: 'Bea Buyer' });
  const approver = await verifiedPerson(browser, { ...newUser(), name: 'Abe Approver' });
  const company: Company = expectStatus(
    await client.call(
      api.companies.create,
      { body: { ...setup.company, name: `${setup.company.name} ${tag}` } },
      { token: owner.token },
    ),
    201,
  );
  for (const [who, body] of [
    [buyer, { role: 'buyer' as const, spendingLimit: setup.limit }],
    [approver, { role: 'approver' as const, spendingLimit: null }],
  ] as const) {
    expectStatus(
      await client.call(
        api.companies.putMember,
        { params: { id: company._id, email: who.user.email }, body },
        { token: owner.token },
      ),
      200,
    );
    expectStatus(
      await client.call(
        api.companies.acceptInvitation,
        { params: { companyId: company._id } },
        { token: who.token },
      ),
      200,
    );
  }
  expectStatus(
    await client.call(
      api.companies.putPrice,
      {
        params: { id: company._id, productId: product._id },
        body: { price: setup.contractPrice },
      },
      { token: adminToken },
    ),
    200,
  );
  return { adminPage, adminToken, owner, buyer, approver, company, product };
}

/** Closes each page's browser context. */
export async function closeAll(pages: Page[]) {
  for (const page of pages) await page.context().close();
}
