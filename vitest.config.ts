import { defineConfig } from 'vitest/config';

// One runner for the unit, API and component layers; each workspace keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
