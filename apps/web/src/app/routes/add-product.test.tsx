import { messages, productInputSchema, type ProductCreated } from '@shop/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct } from '../../test/factories';
import { answer, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import AddProductPage from './add-product';

const IMG = 'https://cdn.example.com/parts/x8.png';

function renderPage() {
  const view = renderWithProviders(<AddProductPage />);
  const field = (label: string) => screen.getByRole('textbox', { name: label });
  const number = (label: string) => screen.getByRole('spinbutton', { name: label });
  const submit = screen.getByRole('button', { name: 'Add Product' });
  return { ...view, field, number, submit };
}

const created: ProductCreated = {
  acknowledged: true,
  insertedId: makeProduct(9)._id,
  product: makeProduct(9),
};

describe('AddProductPage', () => {
  it('sends the numbers as integers, toasts the success and empties the form', async () => {
    const { callsTo } = mockApi([answer(routes.catalog.create, 201, created)]);
    const { user, field, number, submit } = renderPage();

    await user.type(field('Name'), 'Vector X8 Processor');
    await user.type(field('Image URL'), IMG);
    await user.type(number('Price'), '2150.9');
    await user.type(number('Minimum'), '100');
    await user.type(number('Available'), '25000');
    await user.type(field('Description'), 'Eight cores for rack servers.');
    await user.click(submit);

    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    const posts = callsTo(routes.catalog.create);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      name: 'Vector X8 Processor',
      img: IMG,
      price: 2150,
      minimum: 100,
      available: 25000,
      description: 'Eight cores for rack servers.',
    });
    expect(field('Name')).toHaveValue('');
    expect(number('Price')).toHaveValue(null);
  });

  it('names every empty field as required and sends nothing', async () => {
    const { callsTo } = mockApi([]);
    const { user, submit } = renderPage();

    await user.click(submit);

    expect(await screen.findAllByText(messages.required)).toHaveLength(6);
    expect(callsTo(routes.catalog.create)).toHaveLength(0);
  });

  it('shows the shared schema message for a minimum below one', async () => {
    const { callsTo } = mockApi([]);
    const { user, field, number, submit } = renderPage();
    const expected = productInputSchema.shape.minimum.safeParse(0).error?.issues[0]?.message;

    await user.type(field('Name'), 'Part');
    await user.type(field('Image URL'), IMG);
    await user.type(number('Price'), '10');
    await user.type(number('Minimum'), '0');
    await user.type(number('Available'), '10');
    await user.type(field('Description'), 'Text.');
    await user.click(submit);

    expect(expected).toBeTruthy();
    expect(await screen.findByText(expected ?? '')).toBeInTheDocument();
    expect(number('Minimum')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(routes.catalog.create)).toHaveLength(0);
  });

  it('shows a field error from the server under its field', async () => {
    mockApi([
      answer(routes.catalog.create, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'name: A product with this name already exists.',
      }),
    ]);
    const { user, field, number, submit } = renderPage();

    await user.type(field('Name'), 'Part 1');
    await user.type(field('Image URL'), IMG);
    await user.type(number('Price'), '10');
    await user.type(number('Minimum'), '1');
    await user.type(number('Available'), '10');
    await user.type(field('Description'), 'Text.');
    await user.click(submit);

    expect(await screen.findByText('A product with this name already exists.')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveValue('Part 1');
  });

  it('previews the image and says so when the URL does not load', async () => {
    mockApi([]);
    const { user, field } = renderPage();
    const preview = screen.getByTestId('image-preview');
    expect(within(preview).queryByRole('img')).not.toBeInTheDocument();

    await user.type(field('Image URL'), IMG);
    const image = within(preview).getByRole('img', { name: 'Preview of the product image' });
    expect(image).toHaveAttribute('src', IMG);

    fireEvent.error(image);
    expect(within(preview).getByRole('status')).toHaveTextContent('could not be loaded');
    expect(within(preview).queryByRole('img')).not.toBeInTheDocument();
  });
});
