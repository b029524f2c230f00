import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import { serve } from '../../http/endpoint.js';
import { publicConfig } from './service.js';

export const settingsRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const body = publicConfig(config);
  serve(app, app.identity.guards, api.settings.config, async () => body);
};
