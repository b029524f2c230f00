import { publicConfigSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config.js';
import { publicConfig } from './service.js';

export const settingsRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const body = publicConfig(config);
  app.get('/config', { schema: { response: { 200: publicConfigSchema } } }, async () => body);
};
