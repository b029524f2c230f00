import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, SearchField } from './search-field';

function renderField() {
  const onSearch = vi.fn();
  render(
    <SearchField
      q=""
      onSearch={onSearch}
      label="Search companies"
      helperText="Name or tax id"
      maxLength={120}
    />,
  );
  return onSearch;
}

describe('SearchField', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/dashboard/companies');
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('searches once typing pauses', () => {
    const onSearch = renderField();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search companies' }), {
      target: { value: ' Acme ' },
    });
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('Acme');
  });

  it('drops the search when a link left the page before the pause was over', () => {
    const onSearch = renderField();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search companies' }), {
      target: { value: 'Acme' },
    });
    // A company's link, followed at once: the next page is still loading, this one still shows.
    window.history.pushState(null, '', '/dashboard/companies/0f9c2b4e-0000-4000-8000-000000000001');
    act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS));
    expect(onSearch).not.toHaveBeenCalled();
  });
});
