import { useSearchParams } from 'react-router';
import admin from '../../components/admin-page.module.css';
import { PageTitle } from '../../components/page-title';
import type { AdminProductView } from '../../features/admin-catalog/api/search-products';
import { CatalogCsv } from '../../features/admin-catalog/components/catalog-csv';
import { ProductsTable } from '../../features/admin-catalog/components/products-table';

/** ?q=&stock=low&page= as the page reads them; anything else in their place counts as left out. */
function viewOf(params: URLSearchParams): AdminProductView {
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    lowStock: params.get('stock') === 'low',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** Only what differs from the default goes in the address: ?stock=low&page=2. */
function paramsOf({ q, lowStock, page }: AdminProductView): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (lowStock) params.set('stock', 'low');
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * SPEC section 2, Manage Products (admin). The search, filter and page live in the URL, so a
 * reload, Back and a shared link show the same products.
 */
export default function ManageProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  return (
    <div>
      <PageTitle title="Manage Products" />
      <h1 className={admin.title}>Manage Products</h1>
      <p className={admin.intro}>
        Edit any product, take one out of the catalogue, or change many at once by CSV.
      </p>
      <CatalogCsv />
      <ProductsTable
        view={viewOf(searchParams)}
        onViewChange={(view, options) => setSearchParams(paramsOf(view), options)}
      />
    </div>
  );
}
