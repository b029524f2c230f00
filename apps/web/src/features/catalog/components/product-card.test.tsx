import { PREVIEW_LENGTH } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeProduct, testId } from '../../../test/factories';
import { answer, mockApi, routes } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { ProductCard } from './product-card';

describe('ProductCard', () => {
  it('cuts a long description at the preview length and adds an ellipsis', () => {
    const description = 'A'.repeat(PREVIEW_LENGTH) + 'Z'.repeat(40);
    renderWithProviders(<ProductCard product={makeProduct(1, { description })} />);

    expect(screen.getByText(`${'A'.repeat(PREVIEW_LENGTH)}...`)).toBeInTheDocument();
    expect(screen.queryByText(/Z/)).not.toBeInTheDocument();
  });

  it('shows a short description whole, without an ellipsis', () => {
    renderWithProviders(<ProductCard product={makeProduct(1, { description: 'Short text.' })} />);
    expect(screen.getByText('Short text.')).toBeInTheDocument();
  });

  it('shows the name, picture, minimum order, stock and price per piece', () => {
    const product = makeProduct(3, {
      name: 'Vector X8 Processor',
      minimum: 1000,
      available: 25000,
      price: 2150,
    });
    renderWithProviders(<ProductCard product={product} eager />);

    expect(screen.getByRole('heading', { name: 'Vector X8 Processor' })).toBeInTheDocument();
    const image = screen.getByRole('img', { name: 'Vector X8 Processor' });
    expect(image).toHaveAttribute('src', product.img);
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '300');
    expect(image).toHaveAttribute('loading', 'eager');
    const card = screen.getByRole('article', { name: 'Vector X8 Processor' });
    expect(card).toHaveTextContent('Minimum order: 1000 pieces');
    expect(card).toHaveTextContent('Available: 25000 pieces');
    expect(card).toHaveTextContent('Price: $2150 per piece');
  });

  it('loads pictures below the first row lazily', () => {
    renderWithProviders(<ProductCard product={makeProduct(1)} />);
    expect(screen.getByRole('img', { name: 'Part 1' })).toHaveAttribute('loading', 'lazy');
  });

  it('links Buy Now to the purchase page of the product id', () => {
    renderWithProviders(<ProductCard product={makeProduct(7)} />);
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute(
      'href',
      `/purchase/${testId(7)}`,
    );
  });

  it('starts loading the product as a pointer or the focus reaches Buy Now', async () => {
    // "Once" holds for PRODUCT_FRESH_MS of the clock; a loaded machine must not run it out.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const product = makeProduct(7);
    const { calls } = mockApi([answer(routes.catalog.get, 200, product)]);
    const { user } = renderWithProviders(<ProductCard product={product} />);

    await user.hover(screen.getByRole('link', { name: 'Buy Now' }));
    await waitFor(() =>
      expect(calls.map((call) => [call.route, call.params])).toEqual([
        [routes.catalog.get, { id: product._id }],
      ]),
    );
    await user.tab();
    // Read once: the answer is kept for the purchase page.
    expect(calls).toHaveLength(1);
  });
});
