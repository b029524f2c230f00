import { messages } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../test/factories';
import { answer, mockApi, routes } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { Footer } from './footer';

describe('Footer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links to home, login, signup and about', () => {
    mockApi([]);
    renderWithProviders(<Footer />);

    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Login', '/login'],
      ['Signup', '/signup'],
      ['About', '/about'],
    ]);
  });

  it('shows the copyright line with the current year and the shop name', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-15T12:00:00Z'));
    mockApi([answer(routes.settings.config, 200, testConfig)]);
    renderWithProviders(<Footer />);

    const footer = screen.getByRole('contentinfo');
    expect(
      await within(footer).findByText(`Copyright © 2031 TestParts. ${messages.allRightReserved}`),
    ).toBeInTheDocument();
  });
});
