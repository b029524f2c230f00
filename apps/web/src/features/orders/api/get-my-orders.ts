import { orderSchema } from '@shop/shared';
import { z } from 'zod';

export const orderListSchema = z.array(orderSchema);
