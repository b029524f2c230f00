import type { UserSummary } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, customer, signedIn } from '../../test/auth-mock';
import { testId } from '../../test/factories';
import { answer, handle, mockApi, type RecordedCall, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import MakeAdminPage, {
  CONFIRM_DEMOTE,
  CONFIRM_MAKE_ADMIN,
  CONFIRM_REMOVE_USER,
  USER_REMOVED,
  demotedMessage,
  madeAdminMessage,
} from './make-admin';

const row = (n: number, email: string, name: string | null, role: boolean): UserSummary => ({
  _id: testId(200 + n),
  email,
  name,
  role,
  createdAt: `2026-0${n}-15T10:00:00.000Z`,
});

const initialUsers = () => [
  row(1, admin.email, admin.name, true),
  row(2, customer.email, customer.name, false),
  row(3, 'other@example.com', null, false),
];

/** GET /admin/users' answer: the page of `all` the query asks for (50 a page unless told). */
function pageOf(all: UserSummary[], query: Record<string, string> = {}) {
  const page = Number(query.page ?? 1);
  const limit = Number(query.limit ?? 50);
  return { items: all.slice((page - 1) * limit, page * limit), total: all.length, page, limit };
}

/** The calls that change users (the admin's own shop token is not one). */
const writes = (calls: RecordedCall[]) =>
  calls.filter(
    (call) =>
      call.route === routes.users.promote ||
      call.route === routes.users.demote ||
      call.route === routes.users.remove,
  );

async function findRow(email: string) {
  const table = await screen.findByRole('table', { name: 'Users' });
  const cell = await within(table).findByRole('rowheader', { name: new RegExp(`^${email}`) });
  return cell.closest('tr') as HTMLElement;
}

describe('MakeAdminPage', () => {
  it('lists email, name, role and since; admins have no Make Admin button', async () => {
    mockApi([signedIn(admin), answer(routes.users.page, 200, pageOf(initialUsers()))]);
    renderWithProviders(<MakeAdminPage />);

    const adminRow = await findRow(admin.email);
    expect(within(adminRow).getByText('Admin')).toBeInTheDocument();
    expect(within(adminRow).queryByRole('button', { name: 'Make Admin' })).toBeNull();

    const customerRow = await findRow(customer.email);
    expect(
      within(customerRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([customer.name, 'Customer', 'Feb 15, 2026', 'Make AdminRemove User']);
    expect(within(await findRow('other@example.com')).getByText('—')).toBeInTheDocument();
  });

  it('promotes a customer only after Yes, naming the acting admin', async () => {
    let users = initialUsers();
    const { calls } = mockApi([
      signedIn(admin),
      handle(routes.users.page, ({ query }) => ({ status: 200, body: pageOf(users, query) })),
      handle(routes.users.promote, ({ params }) => {
        users = users.map((user) => (user.email === params.email ? { ...user, role: true } : user));
        return { status: 200, body: { acknowledged: true, user: users[1]! } };
      }),
    ]);
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByText('(you)');

    await user.click(
      within(await findRow(customer.email)).getByRole('button', { name: 'Make Admin' }),
    );
    const question = screen.getByRole('dialog', { name: CONFIRM_MAKE_ADMIN });
    expect(question).toHaveTextContent(customer.email);
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toHaveLength(0);

    await user.click(
      within(await findRow(customer.email)).getByRole('button', { name: 'Make Admin' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: CONFIRM_MAKE_ADMIN })).getByRole('button', {
        name: 'Yes',
      }),
    );

    expect(await screen.findByText(madeAdminMessage(customer.email))).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        route: routes.users.promote,
        params: { email: customer.email },
        body: { email: admin.email },
      }),
    ]);
    const promoted = await findRow(customer.email);
    await waitFor(() => expect(within(promoted).getByText('Admin')).toBeInTheDocument());
    expect(within(promoted).queryByRole('button', { name: 'Make Admin' })).toBeNull();
  });

  it('takes an admin right away after Yes: the row reads Customer again', async () => {
    let users = initialUsers().map((user) =>
      user.email === customer.email ? { ...user, role: true } : user,
    );
    const { calls } = mockApi([
      signedIn(admin),
      handle(routes.users.page, ({ query }) => ({ status: 200, body: pageOf(users, query) })),
      handle(routes.users.demote, ({ params }) => {
        users = users.map((user) =>
          user.email === params.email ? { ...user, role: false } : user,
        );
        return {
          status: 200,
          body: { acknowledged: true, user: users.find((u) => u.email === params.email)! },
        };
      }),
    ]);
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByText('(you)');

    await user.click(
      within(await findRow(customer.email)).getByRole('button', { name: 'Remove Admin' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: CONFIRM_DEMOTE })).getByRole('button', {
        name: 'Yes',
      }),
    );

    expect(await screen.findByText(demotedMessage(customer.email))).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ route: routes.users.demote, params: { email: customer.email } }),
    ]);
    const demoted = await findRow(customer.email);
    await waitFor(() => expect(within(demoted).getByText('Customer')).toBeInTheDocument());
    expect(within(demoted).getByRole('button', { name: 'Make Admin' })).toBeInTheDocument();
  });

  it('cannot remove yourself; removes another user only after Yes', async () => {
    let users = initialUsers();
    const { calls } = mockApi([
      signedIn(admin),
      handle(routes.users.page, ({ query }) => ({ status: 200, body: pageOf(users, query) })),
      handle(routes.users.remove, ({ params }) => {
        users = users.filter((user) => user.email !== params.email);
        return { status: 200, body: { acknowledged: true, deletedCount: 1 } };
      }),
    ]);
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByText('(you)');

    expect(
      within(await findRow(admin.email)).getByRole('button', { name: 'Remove User' }),
    ).toBeDisabled();

    const other = await findRow('other@example.com');
    await user.click(within(other).getByRole('button', { name: 'Remove User' }));
    const dialog = screen.getByRole('dialog', { name: CONFIRM_REMOVE_USER });
    expect(dialog).toHaveTextContent('other@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toHaveLength(0);

    await user.click(within(other).getByRole('button', { name: 'Remove User' }));
    await user.click(
      within(screen.getByRole('dialog', { name: CONFIRM_REMOVE_USER })).getByRole('button', {
        name: 'Yes',
      }),
    );

    expect(await screen.findByText(USER_REMOVED)).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        route: routes.users.remove,
        params: { email: 'other@example.com' },
      }),
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'other@example.com' })).toBeNull(),
    );
  });

  it("shows the server's refusal as an error toast", async () => {
    const refusal = 'The last admin cannot be removed.';
    mockApi([
      signedIn(admin),
      answer(routes.users.page, 200, pageOf(initialUsers())),
      answer(routes.users.remove, 409, { statusCode: 409, error: 'Conflict', message: refusal }),
    ]);
    const { user } = renderWithProviders(<MakeAdminPage />);
    await screen.findByText('(you)');

    await user.click(
      within(await findRow(customer.email)).getByRole('button', { name: 'Remove User' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: CONFIRM_REMOVE_USER })).getByRole('button', {
        name: 'Yes',
      }),
    );

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(await findRow(customer.email)).toBeInTheDocument();
  });

  it('names every cell, so each user reads as a card on a phone', async () => {
    mockApi([signedIn(admin), answer(routes.users.page, 200, pageOf(initialUsers()))]);
    renderWithProviders(<MakeAdminPage />);

    const row = await findRow(customer.email);
    expect(row.closest('table')?.className).toMatch(/cards/);
    expect(Array.from(row.querySelectorAll('td')).map((cell) => cell.dataset.label)).toEqual([
      'Email',
      'Name',
      'Role',
      'Since',
      'Actions',
    ]);
  });

  it('shows 50 users a page with Previous and Next', async () => {
    const all = Array.from({ length: 53 }, (_, i) =>
      row(1, `user${i + 1}@example.com`, `USER ${i + 1}`, false),
    ).map((user, i) => ({ ...user, _id: testId(300 + i) }));
    const { calls } = mockApi([
      signedIn(admin),
      handle(routes.users.page, ({ query }) => ({ status: 200, body: pageOf(all, query) })),
    ]);
    const { user } = renderWithProviders(<MakeAdminPage />);
    expect(await findRow('user1@example.com')).toBeInTheDocument();
    expect(screen.getAllByTestId('user-row')).toHaveLength(50);
    const pages = screen.getByRole('navigation', { name: 'Pages of users' });
    expect(within(pages).getByRole('status')).toHaveTextContent('Showing 1–50 of 53');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await findRow('user51@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(3));
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(
      calls.filter((call) => call.route === routes.users.page).map((call) => call.query),
    ).toEqual([
      { page: '1', limit: '50' },
      { page: '2', limit: '50' },
    ]);
  });

  it('searches the users through the API, from page 1', async () => {
    const all = [...initialUsers(), row(4, 'findme@example.com', 'FIND ME', false)];
    const { calls } = mockApi([
      signedIn(admin),
      handle(routes.users.page, ({ query }) => {
        const q = query.q ?? '';
        return {
          status: 200,
          body: pageOf(
            all.filter((u) => u.email.includes(q)),
            query,
          ),
        };
      }),
    ]);
    const { user } = renderWithProviders(<MakeAdminPage />);
    expect(await findRow('other@example.com')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'findme');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1));
    expect(await findRow('findme@example.com')).toBeInTheDocument();
    expect(calls.filter((call) => call.route === routes.users.page).at(-1)!.query).toEqual({
      q: 'findme',
      page: '1',
      limit: '50',
    });

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No users match this search.')).toBeInTheDocument();
  });
});
