import { z } from 'zod';
import { answers } from './answers.js';

/** Public settings the web app reads at start (DESIGN section 5, GET /config). */
export const publicConfigSchema = z.object(answers.publicConfig.shape);
export type PublicConfig = z.infer<typeof publicConfigSchema>;
