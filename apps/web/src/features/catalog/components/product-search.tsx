import { categoryLabel, type ProductPage } from '@shop/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/container';
import { LoadError } from '../../../components/ui/load-error';
import { useLocationSearch } from '../../../components/use-location-search';
import { formatNumber } from '../../../lib/format';
import { AppToastContainer } from '../../../components/ui/toast';
import { productSearchQueryOptions } from '../api';
import {
  DEFAULT_SEARCH,
  parseSearch,
  searchToApi,
  searchToQuery,
  SORT_LABELS,
  type CatalogueSearch,
} from '../search-params';
import { ProductCard } from './product-card';
import styles from './product-search.module.css';

export const PRODUCTS_PATH = '/products';
const FIRST_ROW = 3;

export interface ProductSearchProps {
  /** The first page of the default search, as the server rendered it (absent in the app). */
  initialPage?: ProductPage;
}

const hrefOf = (search: CatalogueSearch) => `${PRODUCTS_PATH}${searchToQuery(search)}`;

const isDefault = (search: CatalogueSearch) => searchToQuery(search) === '';

/**
 * /products' search (issue 14): a search box (name, part number, description), the categories
 * with their counts, the sort and the pages, all kept in the address so a search can be shared.
 * The server renders the first page of the default search; after hydration the island reads the
 * address and asks GET /products for what it names. Links are real links, so the filters work
 * before the script has run.
 */
export function ProductSearch({ initialPage }: ProductSearchProps) {
  const resultsId = useId();
  const [query, setQuery] = useLocationSearch();
  const search = parseSearch(query);
  const [typed, setTyped] = useState(search.q);
  // A new address (Back, a link) shows its own words in the box.
  const [typedFor, setTypedFor] = useState(search.q);
  if (typedFor !== search.q) {
    setTypedFor(search.q);
    setTyped(search.q);
  }

  const answer = useQuery({
    ...productSearchQueryOptions(searchToApi(search)),
    initialData: isDefault(search) ? initialPage : undefined,
    placeholderData: keepPreviousData,
  });

  const go = (next: CatalogueSearch) => setQuery(searchToQuery(next));
  const follow = (next: CatalogueSearch) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    go(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ ...search, q: typed.trim(), page: 1 });
  };

  const data = answer.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const totalAll = data?.categories.reduce((sum, { count }) => sum + count, 0) ?? 0;

  return (
    <div className={styles.layout}>
      <form
        role="search"
        action={PRODUCTS_PATH}
        method="get"
        onSubmit={onSubmit}
        className={styles.form}
      >
        <label className={styles.searchLabel}>
          <span className={styles.visuallyHidden}>Search products</span>
          <input
            type="search"
            name="q"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Search by name, part number or description"
            maxLength={100}
            className={styles.searchInput}
          />
        </label>
        {search.category && <input type="hidden" name="category" value={search.category} />}
        <label className={styles.sortLabel}>
          Sort by
          <select
            name="sort"
            value={search.sort}
            onChange={(event) =>
              go({ ...search, sort: event.target.value as CatalogueSearch['sort'], page: 1 })
            }
            className={styles.select}
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="contained">
          Search
        </Button>
      </form>

      <nav aria-label="Categories" className={styles.categories}>
        <ul>
          <li>
            <a
              href={hrefOf({ ...search, category: '', page: 1 })}
              onClick={follow({ ...search, category: '', page: 1 })}
              aria-current={search.category === '' ? 'true' : undefined}
              className={styles.category}
            >
              All categories{data && !search.category ? ` (${formatNumber(totalAll)})` : ''}
            </a>
          </li>
          {data?.categories.map(({ category, count }) => {
            const next = { ...search, category, page: 1 };
            return (
              <li key={category}>
                <a
                  href={hrefOf(next)}
                  onClick={follow(next)}
                  aria-current={search.category === category ? 'true' : undefined}
                  className={styles.category}
                >
                  {categoryLabel(category)} ({formatNumber(count)})
                </a>
              </li>
            );
          })}
        </ul>
      </nav>

      <section aria-labelledby={resultsId} aria-busy={answer.isFetching || undefined}>
        {/* The cards' names are h3: the results' heading keeps the outline in order. */}
        <h2 id={resultsId} className={styles.visuallyHidden}>
          Search results
        </h2>
        {answer.error && !data ? (
          <LoadError
            title="We could not load our products."
            error={answer.error}
            retrying={answer.isFetching}
            onRetry={() => void answer.refetch()}
          />
        ) : !data ? (
          <p className={styles.status}>Loading products...</p>
        ) : data.items.length === 0 && !answer.isPlaceholderData ? (
          <div className={styles.empty} data-testid="no-results">
            <p>
              {search.q
                ? `No products match "${search.q}"${search.category ? ` in ${categoryLabel(search.category)}` : ''}.`
                : 'No products in this category yet.'}
            </p>
            <p>
              Try other words, or{' '}
              <a href={PRODUCTS_PATH} onClick={follow(DEFAULT_SEARCH)}>
                see all products
              </a>
              .
            </p>
          </div>
        ) : (
          <>
            <p className={styles.status} aria-live="polite" data-testid="result-count">
              {answer.isPlaceholderData
                ? 'Searching...'
                : `${data.total === 1 ? '1 product' : `${formatNumber(data.total)} products`}${
                    search.q ? ` for "${search.q}"` : ''
                  }`}
            </p>
            <div className={cx(styles.grid, answer.isPlaceholderData && styles.stale)}>
              {data.items.map((product, index) => (
                <ProductCard
                  key={product._id}
                  product={product}
                  eager={index < FIRST_ROW}
                  inIsland
                />
              ))}
            </div>
            {pages > 1 && (
              <nav aria-label="Pages" className={styles.pager}>
                {search.page > 1 ? (
                  <a
                    href={hrefOf({ ...search, page: search.page - 1 })}
                    onClick={follow({ ...search, page: search.page - 1 })}
                    rel="prev"
                  >
                    Previous page
                  </a>
                ) : (
                  <span />
                )}
                <span>
                  Page {formatNumber(data.page)} of {formatNumber(pages)}
                </span>
                {search.page < pages ? (
                  <a
                    href={hrefOf({ ...search, page: search.page + 1 })}
                    onClick={follow({ ...search, page: search.page + 1 })}
                    rel="next"
                  >
                    Next page
                  </a>
                ) : (
                  <span />
                )}
              </nav>
            )}
          </>
        )}
      </section>
      <AppToastContainer />
    </div>
  );
}
