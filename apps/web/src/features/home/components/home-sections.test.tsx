import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/factories';
import { answer, mockApi, routes } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { BusinessSummarySection } from './business-summary-section';
import { FaqSection } from './faq-section';
import { HeroSection } from './hero-section';

describe('HeroSection', () => {
  it("names the shop and links Order Now to the target section's anchor", async () => {
    mockApi([answer(routes.settings.config, 200, testConfig)]);
    renderWithProviders(<HeroSection orderTargetId="products" />);

    const hero = screen.getByRole('region', { name: /computer parts built for business/ });
    expect(
      await within(hero).findByRole('heading', {
        level: 1,
        name: `${testConfig.shopName}: computer parts built for business`,
      }),
    ).toBeInTheDocument();
    // A plain in-page link: the browser scrolls, no script needed.
    expect(within(hero).getByRole('link', { name: 'Order Now' })).toHaveAttribute(
      'href',
      '#products',
    );
  });
});

describe('BusinessSummarySection', () => {
  it('shows the three figures with their labels', () => {
    renderWithProviders(<BusinessSummarySection />);
    const section = screen.getByRole('region', { name: 'Business Summary' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '100K+Customers Served',
      '120M+Annual Revenue',
      '75K+Reviews',
    ]);
  });
});

describe('FaqSection', () => {
  it('shows three closed questions that open and close without any script of ours', async () => {
    const { user } = renderWithProviders(<FaqSection />);
    const section = screen.getByRole('region', { name: 'Frequently Asked Questions' });

    const questions = within(section).getAllByRole('heading', { level: 3 });
    expect(questions).toHaveLength(3);
    const items = questions.map((question) => question.closest('details')!);
    expect(items.map((item) => item.open)).toEqual([false, false, false]);
    expect(questions[0]!.closest('summary')).toBe(items[0]!.querySelector('summary'));

    await user.click(questions[1]!);
    expect(items.map((item) => item.open)).toEqual([false, true, false]);
    expect(within(items[1]!).getByText(/by credit or debit card/)).toBeVisible();

    await user.click(questions[1]!);
    expect(items[1]!.open).toBe(false);
  });
});
