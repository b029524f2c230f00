/**
 * Every shipping query key starts with 'shipping', so saving the admin's list refreshes the list
 * and every priced option alike.
 */
export const shippingKeys = {
  all: ['shipping'] as const,
  methods: ['shipping', 'methods'] as const,
  options: (country: string, weightKg: number, subtotal: number | null) =>
    ['shipping', 'options', country, weightKg, subtotal] as const,
};
