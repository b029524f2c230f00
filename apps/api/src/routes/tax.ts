import { api, todayIn } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type Guards } from '../auth/guards.js';
import type { Db } from '../db/client.js';
import { serve } from './endpoint.js';
import { allExemptions, reviewExemption } from '../modules/tax/exemptions.js';
import { readTaxRates, replaceTaxRates, type TaxSettings } from '../modules/tax/rates.js';
import { readExemptions, sendExemption } from '../workflows/tax/exemptions.js';

export interface TaxRoutesOptions {
  db: Db;
  guards: Guards;
  settings: TaxSettings;
  timeZone: string;
}

const { tax } = api;

/** The rate table and exemption certificates (DESIGN section 9, "tax"). */
export const taxRoutes: FastifyPluginAsync<TaxRoutesOptions> = async (
  app,
  { db, guards, settings, timeZone },
) => {
  // Certificates and their review are a company's private papers.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  serve(app, guards, tax.rates, () => readTaxRates(db, settings));
  serve(app, guards, tax.replaceRates, (request) =>
    replaceTaxRates(db, currentUser(request), request.body, settings),
  );
  serve(app, guards, tax.createExemption, async (request, reply) => {
    const exemption = await sendExemption(
      db,
      currentUser(request),
      request.params.id,
      request.body,
      todayIn(timeZone),
    );
    reply.code(201);
    return exemption;
  });
  serve(app, guards, tax.listExemptions, (request) =>
    readExemptions(db, currentUser(request), request.params.id, request.query),
  );
  serve(app, guards, tax.adminExemptions, (request) => allExemptions(db, request.query));
  serve(app, guards, tax.reviewExemption, (request) =>
    reviewExemption(db, currentUser(request), request.params.id, request.body),
  );
};
