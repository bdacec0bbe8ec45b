import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchBox } from './search-box';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/search', element: <SearchBox /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return { router };
}

/** Looked up each time: a field drawn anew would be another element. */
const field = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search posts and people' });

describe('SearchBox', () => {
  afterEach(cleanup);

  it("shows the address's query, and a new one when the address changes", async () => {
    const { router } = renderAt('/search?q=coffee');
    expect(field().value).toBe('coffee');
    await act(() => router.navigate('/search?q=indexes'));
    expect(field().value).toBe('indexes');
  });

  it('keeps what the person is typing when the address changes under it', async () => {
    const { router } = renderAt('/search?q=coffee');
    field().focus();
    fireEvent.change(field(), { target: { value: 'len' } });
    await act(() => router.navigate('/search?q=indexes'));
    expect(field().value).toBe('len');
  });
});
