import { API_PREFIX } from '@shop/shared';

/** DESIGN section 3: the API lives under /api on the same origin unless VITE_API_URL says otherwise. */
export const API_URL: string = import.meta.env.VITE_API_URL ?? API_PREFIX;
