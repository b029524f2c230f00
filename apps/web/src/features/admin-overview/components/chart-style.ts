/*
 * The charts' colours are the theme's tokens (styles/global.css), so they follow the theme;
 * each has at least 3:1 contrast with the card's white, as graphics need (WCAG 1.4.11), and the
 * axis text is the secondary text colour (7:1).
 */
export const chartColors = {
  bar: 'var(--color-primary-light)',
  unpaid: 'var(--color-warning)',
  paid: 'var(--color-info)',
  shipped: 'var(--color-success)',
  grid: 'var(--color-divider)',
  text: 'var(--color-text-secondary)',
};

export const axisTick = { fill: chartColors.text, fontSize: 12 };

const compactPrice = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** An axis's money: "$12.5K". */
export const formatCompactPrice = (value: number) => compactPrice.format(value);
