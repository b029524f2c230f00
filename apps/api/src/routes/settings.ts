import { api } from '@shop/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../config/config.js';
import { serve } from './endpoint.js';
import { publicConfig } from '../modules/settings/service.js';

export const settingsRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (
  app,
  { config },
) => {
  const body = publicConfig(config);
  serve(app, app.identity.guards, api.settings.config, async () => body);
};
