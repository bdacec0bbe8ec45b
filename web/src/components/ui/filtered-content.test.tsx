import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilteredContent } from './filtered-content';

afterEach(cleanup);

describe('FilteredContent', () => {
  it("shows the filters' titles and Show anyway instead of the text, then the text, focused", () => {
    render(
      <FilteredContent filtered={[{ title: 'Politics' }, { title: 'Spoilers' }]}>
        <p>Who won the election?</p>
      </FilteredContent>,
    );
    expect(screen.queryByText('Who won the election?')).toBeNull();
    expect(screen.getByText('Filtered:').parentElement?.textContent).toBe('Filtered: Politics, Spoilers');
    const show = screen.getByRole('button', { name: 'Show anyway' });
    expect(show.getAttribute('aria-describedby')).toBe(screen.getByText('Filtered:').parentElement?.id);

    fireEvent.click(show);
    const text = screen.getByText('Who won the election?');
    expect(screen.queryByRole('button', { name: 'Show anyway' })).toBeNull();
    expect(document.activeElement).toBe(text.parentElement);
  });

  it('shows the text as it is when no filter matched', () => {
    for (const filtered of [undefined, []]) {
      render(
        <FilteredContent filtered={filtered}>
          <p>A quiet day</p>
        </FilteredContent>,
      );
      expect(screen.getByText('A quiet day')).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
      cleanup();
    }
  });
});
