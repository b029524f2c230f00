import { z } from 'zod';
import { answers } from './answers.js';
import { newsletterEmailSchema } from './fields.js';

/** Body of POST /subscribe. */
export const subscribeInputSchema = z.object({ email: newsletterEmailSchema }).strict();
export type SubscribeInput = z.infer<typeof subscribeInputSchema>;
export const subscribeResultSchema = z.object(answers.subscribeResult.shape);
export type SubscribeResult = z.infer<typeof subscribeResultSchema>;
