/** Manage Products and a product's Edit page beneath it (app/routes.tsx names both). */
export const MANAGE_PRODUCTS_PATH = '/dashboard/manageproducts';
export const editProductPath = (id: string) => `${MANAGE_PRODUCTS_PATH}/${id}/edit`;
