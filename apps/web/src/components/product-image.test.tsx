import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_IMAGE_PLACEHOLDER, ProductImage } from './product-image';

describe('ProductImage', () => {
  it('shows the product picture while it loads', () => {
    render(<ProductImage src="https://img.test/cpu.png" alt="Ryzen CPU" width={64} height={48} />);
    const img = screen.getByRole('img', { name: 'Ryzen CPU' });
    expect(img).toHaveAttribute('src', 'https://img.test/cpu.png');
    expect(img).not.toHaveAttribute('data-broken');
  });

  it('swaps a picture that fails to the placeholder, keeping its alt text and size', () => {
    render(<ProductImage src="https://img.test/gone.png" alt="Ryzen CPU" width={64} height={48} />);
    const img = screen.getByRole('img', { name: 'Ryzen CPU' });
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', PRODUCT_IMAGE_PLACEHOLDER);
    expect(img).toHaveAttribute('data-broken', 'true');
    expect(img).toHaveAttribute('width', '64');
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
  });

  it('gives a new picture its chance after the old one failed', () => {
    const { rerender } = render(<ProductImage src="https://img.test/gone.png" alt="CPU" />);
    fireEvent.error(screen.getByRole('img', { name: 'CPU' }));
    rerender(<ProductImage src="https://img.test/new.png" alt="CPU" />);
    expect(screen.getByRole('img', { name: 'CPU' })).toHaveAttribute(
      'src',
      'https://img.test/new.png',
    );
  });

  it('finds a server-rendered picture that failed before hydration', () => {
    // What the browser holds when the error event came before React listened: a finished
    // image with no width.
    const completeSpy = vi.spyOn(HTMLImageElement.prototype, 'complete', 'get');
    const widthSpy = vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get');
    completeSpy.mockReturnValue(true);
    widthSpy.mockReturnValue(0);
    try {
      const html = renderToString(<ProductImage src="https://img.test/gone.png" alt="GPU" />);
      expect(html).toContain('https://img.test/gone.png');
      render(<ProductImage src="https://img.test/gone.png" alt="GPU" />);
      expect(screen.getByRole('img', { name: 'GPU' })).toHaveAttribute(
        'src',
        PRODUCT_IMAGE_PLACEHOLDER,
      );
    } finally {
      completeSpy.mockRestore();
      widthSpy.mockRestore();
    }
  });

  it('leaves a picture that loaded before hydration alone', () => {
    const completeSpy = vi.spyOn(HTMLImageElement.prototype, 'complete', 'get');
    const widthSpy = vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get');
    completeSpy.mockReturnValue(true);
    widthSpy.mockReturnValue(640);
    try {
      render(<ProductImage src="https://img.test/ok.png" alt="GPU" />);
      expect(screen.getByRole('img', { name: 'GPU' })).toHaveAttribute(
        'src',
        'https://img.test/ok.png',
      );
    } finally {
      completeSpy.mockRestore();
      widthSpy.mockRestore();
    }
  });
});
