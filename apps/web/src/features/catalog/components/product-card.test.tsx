import { PREVIEW_LENGTH } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cartLines } from '../../../lib/cart-store';
import { describe, expect, it } from 'vitest';
import { makeProduct, testId } from '../../../test/factories';
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
    expect(card).toHaveTextContent('Minimum order: 1,000 pieces');
    expect(card).toHaveTextContent('Available: 25,000 pieces');
    expect(card).toHaveTextContent('Price: $2,150 per piece');
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

  it('adds the minimum order to the cart and says so, twice adding up', async () => {
    const user = userEvent.setup();
    const product = makeProduct(4, { name: 'Hard Drive', minimum: 25 });
    renderWithProviders(<ProductCard product={product} />);

    const add = screen.getByRole('button', { name: 'Add to cart' });
    expect(add).toHaveAccessibleDescription('Hard Drive');
    await user.click(add);
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(cartLines()).toEqual([{ productId: product._id, quantity: 25 }]);

    await user.click(add);
    expect(cartLines()).toEqual([{ productId: product._id, quantity: 50 }]);
  });

  it("shows a company member's contract price, the list price struck through, when it beats the price for the minimum order", () => {
    const { unmount } = renderWithProviders(
      <ProductCard product={makeProduct(1, { price: 120, contractPrice: 99 })} />,
    );
    const price = screen.getByTestId('buyer-price');
    expect(price).toHaveTextContent('Your price: $99 per piece list price $120');
    expect(price.querySelector('s')).toHaveTextContent('list price $120');
    unmount();
    // A volume price at the minimum already lower: no contract price to show.
    renderWithProviders(
      <ProductCard
        product={makeProduct(1, {
          price: 120,
          minimum: 100,
          priceTiers: [{ minQuantity: 100, price: 90 }],
          contractPrice: 99,
        })}
      />,
    );
    expect(screen.queryByTestId('buyer-price')).not.toBeInTheDocument();
    expect(screen.getByText('Price: $120 per piece')).toBeInTheDocument();
  });
});
