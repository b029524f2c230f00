import { messages } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, customer, signedIn, type TestUser } from '../test/auth-mock';
import { testConfig } from '../test/factories';
import { answer, mockApi, routes } from '../test/fetch-mock';
import { renderApp } from '../test/render';

function mockConfig(user?: TestUser) {
  mockApi([answer(routes.settings.config, 200, testConfig), user ? signedIn(user) : []]);
}

describe('Router', () => {
  it('shows the not-found page with an image for an unknown path', async () => {
    mockConfig();
    renderApp('/no/such/page');

    expect(
      await screen.findByRole('heading', { level: 1, name: messages.pageNotFound }),
    ).toBeInTheDocument();
    const image = screen.getByRole('img', { name: /404/ });
    expect(image).toHaveAttribute('src');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('shows the blog with its five questions', async () => {
    mockConfig();
    renderApp('/blog');

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Blog | TestParts'));
    const questions = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(questions).toEqual([
      'How do you write unit tests for a React app?',
      'What are the different ways to manage state in a React application?',
      'Why should you not set state directly in React?',
      'How does prototypal inheritance work in JavaScript?',
      'How can you improve the performance of a React application?',
    ]);
  });

  it('shows the portfolio with contact, education, skills and three external project links', async () => {
    mockConfig();
    renderApp('/myportfolio');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Portfolio' }),
    ).toBeInTheDocument();
    for (const name of ['Contact', 'Education', 'Skills', 'Projects']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const projects = within(screen.getByRole('region', { name: 'Projects' })).getAllByRole('link');
    expect(projects).toHaveLength(3);
    for (const link of projects) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows the about page with the shop name', async () => {
    mockConfig();
    renderApp('/about');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'About TestParts' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Login', undefined],
    ['/signup', 'Signup', undefined],
    ['/reset-password?token=abc', 'Reset Password', undefined],
    ['/purchase/00000000-0000-4000-8000-000000000001', 'Purchase', customer],
  ])('renders %s inside the layout', async (path, title, user) => {
    mockConfig(user);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['/dashboard/myorders', 'My Orders', customer],
    ['/dashboard/addreview', 'Add A Review', customer],
    ['/dashboard/payment/00000000-0000-4000-8000-000000000001', 'Payment', customer],
    ['/dashboard/myprofile', 'My Profile', customer],
    ['/dashboard/overview', 'Overview', admin],
    ['/dashboard/manageallorders', 'Manage All Orders', admin],
    ['/dashboard/addproduct', 'Add A Product', admin],
    ['/dashboard/manageproducts', 'Manage Products', admin],
    ['/dashboard/makeadmin', 'Make Admin', admin],
    ['/dashboard/managereviews', 'Manage Reviews', admin],
    ['/dashboard/auditlog', 'Audit Log', admin],
    ['/dashboard/jobs', 'Jobs', admin],
    ['/dashboard/mycompany', 'My Company', customer],
    ['/dashboard/approvals', 'Approvals', customer],
    ['/dashboard/companies', 'Companies', admin],
    ['/dashboard/tax', 'Tax', admin],
    ['/dashboard/quotes', 'My quotes', customer],
    ['/dashboard/quotes', 'Quotes', admin],
    ['/dashboard/api-keys', 'API keys', admin],
    ['/dashboard/webhooks', 'Webhooks', admin],
  ])('renders %s inside the dashboard layout', async (path, title, user) => {
    mockConfig(user);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const menu = screen.getAllByRole('navigation', { name: 'Dashboard' })[0];
    expect(within(menu!).getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/dashboard/myprofile',
    );
  });
});
