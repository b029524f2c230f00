/**
 * The schema the answer to a placed order is checked with, in a module of its own: place-order
 * loads it (and zod with it) when an order is sent, so the purchase page's first load carries
 * neither (docs/decisions/008).
 */
export { placeOrderResultSchema } from '@shop/shared';
