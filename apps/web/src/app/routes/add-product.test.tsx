import {
  messages,
  PRODUCT_PLACEHOLDER_IMG,
  productMessages,
  type ProductCreated,
} from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { uploadMessages } from '../../features/admin-catalog/api/upload-image';
import { STOCK_BELOW_MINIMUM } from '../../features/admin-catalog/schemas';
import { makeProduct } from '../../test/factories';
import { answer, handle, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import AddProductPage from './add-product';

const IMG = 'https://cdn.example.com/parts/x8.png';

function renderPage() {
  const view = renderWithProviders(<AddProductPage />);
  const field = (label: string) => screen.getByRole('textbox', { name: label });
  const number = (label: string) => screen.getByRole('spinbutton', { name: label });
  const submit = () => screen.getByRole('button', { name: 'Add Product' });
  /** SPEC's six fields, filled with a valid product the test may then change. */
  const fillRequired = async (numbers: {
    price?: string;
    minimum?: string;
    available?: string;
    img?: string;
  }) => {
    await view.user.type(field('Name'), 'Vector X8 Processor');
    const img = numbers.img ?? IMG;
    if (img) await view.user.type(field('Image URL'), img);
    await view.user.type(number('Price'), numbers.price ?? '2150');
    await view.user.type(number('Minimum'), numbers.minimum ?? '100');
    await view.user.type(number('Available'), numbers.available ?? '25000');
    await view.user.type(field('Description'), 'Eight cores for rack servers.');
  };
  return { ...view, field, number, submit, fillRequired };
}

const created: ProductCreated = {
  acknowledged: true,
  insertedId: makeProduct(9)._id,
  product: makeProduct(9),
};

describe('AddProductPage', () => {
  it('sends the product with the defaults, toasts the success and empties the form', async () => {
    const { callsTo } = mockApi([answer(routes.catalog.create, 201, created)]);
    const { user, field, number, submit, fillRequired } = renderPage();

    await fillRequired({});
    await user.click(submit());

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
      category: 'other',
      increment: 1,
      maximum: null,
      lowStockThreshold: 0,
      weightKg: 0,
      priceTiers: [],
      specs: [],
    });
    await waitFor(() => expect(field('Name')).toHaveValue(''));
    expect(number('Price')).toHaveValue(null);
  });

  it('names every empty field of SPEC but the image as required and sends nothing', async () => {
    const { callsTo } = mockApi([]);
    const { user, submit } = renderPage();

    await user.click(submit());

    // The image is optional (decision 031): the other five of SPEC's six fields are required.
    expect(await screen.findAllByText(messages.required)).toHaveLength(5);
    expect(callsTo(routes.catalog.create)).toHaveLength(0);
  });

  it('adds a product without an image: it gets the placeholder picture', async () => {
    const { callsTo } = mockApi([answer(routes.catalog.create, 201, created)]);
    const { user, submit, fillRequired } = renderPage();

    await fillRequired({ img: '' });
    await user.click(submit());

    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(callsTo(routes.catalog.create)[0]?.body).toMatchObject({
      img: PRODUCT_PLACEHOLDER_IMG,
    });
  });

  it('sends a price with cents as typed ($89.50 is a price)', async () => {
    const { callsTo } = mockApi([answer(routes.catalog.create, 201, created)]);
    const { user, submit, fillRequired } = renderPage();

    await fillRequired({ price: '89.50' });
    await user.click(submit());

    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(callsTo(routes.catalog.create)[0]?.body).toMatchObject({ price: 89.5 });
  });

  it('refuses a price with a third decimal instead of rounding it', async () => {
    const { callsTo } = mockApi([]);
    const { user, number, submit, fillRequired } = renderPage();

    await fillRequired({ price: '2150.905' });
    await user.click(submit());

    expect(await screen.findByText(productMessages.dollars('price'))).toBeInTheDocument();
    expect(number('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(number('Price')).toHaveValue(2150.905);
    expect(callsTo(routes.catalog.create)).toHaveLength(0);
  });

  it('counts the characters of the name and description and says when the name is too long', async () => {
    mockApi([]);
    const { user, field } = renderPage();
    expect(screen.getByTestId('name-counter')).toHaveTextContent('0 / 120');
    expect(screen.getByTestId('description-counter')).toHaveTextContent('0 / 2,000');

    await user.type(field('Name'), 'Vector');
    expect(screen.getByTestId('name-counter')).toHaveTextContent('6 / 120');

    await user.click(field('Name'));
    await user.paste('x'.repeat(115));
    expect(screen.getByTestId('name-counter')).toHaveTextContent('121 / 120');
    expect(screen.getByText(productMessages.tooLong('name', 120))).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Too big/)).not.toBeInTheDocument();
  });

  it('edits volume prices and specifications row by row', async () => {
    const { callsTo } = mockApi([answer(routes.catalog.create, 201, created)]);
    const { user, field, number, submit, fillRequired } = renderPage();
    await fillRequired({ price: '20', minimum: '10' });

    await user.click(screen.getByRole('button', { name: 'Add volume price' }));
    await user.click(screen.getByRole('button', { name: 'Add volume price' }));
    await user.type(number('Tier 1: from quantity'), '100');
    await user.type(number('Tier 1: price per piece'), '18');
    await user.type(number('Tier 2: from quantity'), '500');
    await user.type(number('Tier 2: price per piece'), '15');
    await user.click(screen.getByRole('button', { name: 'Add specification' }));
    await user.click(screen.getByRole('button', { name: 'Add specification' }));
    await user.type(field('Specification 1: name'), 'Cores');
    await user.type(field('Specification 1: value'), '8');
    await user.type(field('Specification 2: name'), 'Socket');
    await user.click(screen.getByRole('button', { name: 'Remove specification 2' }));
    expect(screen.getAllByTestId('spec-row')).toHaveLength(1);
    await user.click(submit());

    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(callsTo(routes.catalog.create)[0]?.body).toMatchObject({
      priceTiers: [
        { minQuantity: 100, price: 18 },
        { minQuantity: 500, price: 15 },
      ],
      specs: [{ label: 'Cores', value: '8' }],
    });
  });

  it('shows the rules between fields under their field before sending', async () => {
    const { callsTo } = mockApi([]);
    const { user, number, submit, fillRequired } = renderPage();
    await fillRequired({ price: '20', minimum: '10' });

    await user.clear(number('Pack size'));
    await user.type(number('Pack size'), '4');
    await user.click(screen.getByRole('button', { name: 'Add volume price' }));
    await user.type(number('Tier 1: from quantity'), '100');
    await user.type(number('Tier 1: price per piece'), '25');
    await user.click(submit());

    expect(await screen.findByText(productMessages.minimumPacks(4))).toBeInTheDocument();
    expect(number('Minimum')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(productMessages.tiersFalling);
    expect(callsTo(routes.catalog.create)).toHaveLength(0);
  });

  it('asks before saving stock below the minimum order', async () => {
    const { callsTo } = mockApi([answer(routes.catalog.create, 201, created)]);
    const { user, submit, fillRequired } = renderPage();
    await fillRequired({ minimum: '100', available: '10' });

    await user.click(submit());
    const question = await screen.findByRole('dialog', { name: STOCK_BELOW_MINIMUM });
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(routes.catalog.create)).toHaveLength(0);

    await user.click(submit());
    await user.click(
      within(await screen.findByRole('dialog', { name: STOCK_BELOW_MINIMUM })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText(messages.productAdded)).toBeInTheDocument();
    expect(callsTo(routes.catalog.create)[0]?.body).toMatchObject({ minimum: 100, available: 10 });
  });

  it('uploads a picture and makes its URL the image', async () => {
    const { callsTo } = mockApi([
      handle(routes.catalog.upload, () => ({
        status: 201,
        body: { url: '/uploads/0f3c-part.png' },
      })),
    ]);
    const { user, field } = renderPage();
    const picker = screen.getByLabelText('Upload image');

    // The picker offers PNG, JPEG and WebP only; a file that gets past that filter is refused.
    await userEvent
      .setup({ applyAccept: false })
      .upload(picker, new File(['GIF89a'], 'part.gif', { type: 'image/gif' }));
    expect(await screen.findByText(uploadMessages.type)).toBeInTheDocument();
    expect(callsTo(routes.catalog.upload)).toHaveLength(0);

    await user.upload(picker, new File(['png'], 'part.png', { type: 'image/png' }));
    await waitFor(() => expect(field('Image URL')).toHaveValue('/uploads/0f3c-part.png'));
    expect(callsTo(routes.catalog.upload)).toHaveLength(1);
    expect(screen.getByText('Image uploaded.')).toBeInTheDocument();
    const preview = screen.getByTestId('image-preview');
    expect(within(preview).getByRole('img')).toHaveAttribute('src', '/uploads/0f3c-part.png');
  });

  it('shows a field error from the server under its field', async () => {
    mockApi([
      answer(routes.catalog.create, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'name: A product with this name already exists.',
      }),
    ]);
    const { user, field, submit, fillRequired } = renderPage();

    await fillRequired({});
    await user.click(submit());

    expect(await screen.findByText('A product with this name already exists.')).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveValue('Vector X8 Processor');
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
