import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeMatchMedia } from '../../lib/test/match-media';
import { mediaAttachment } from '../../lib/test/media';
import { MediaGallery } from './media-gallery';

const images = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    mediaAttachment(`m${index + 1}`, { description: index === 1 ? '' : `Picture ${index + 1}` }),
  );

const grid = () => screen.getByRole('group');
const tiles = () => screen.getAllByTestId('media-tile');

beforeEach(() => fakeMatchMedia());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('MediaGallery', () => {
  it('lays one image out in its own shape, kept within bounds', () => {
    render(<MediaGallery media={[mediaAttachment('wide', { width: 4000, height: 1000 })]} />);
    expect(grid().dataset.layout).toBe('1');
    expect(grid().style.aspectRatio).toMatch(/^2( \/ 1)?$/);
    cleanup();
    render(<MediaGallery media={[mediaAttachment('tall', { width: 1000, height: 3000 })]} />);
    expect(grid().style.aspectRatio).toMatch(/^0\.75( \/ 1)?$/);
  });

  it.each([
    [2, ['row-span-2', 'row-span-2']],
    [3, ['row-span-2', '', '']],
    [4, ['', '', '', '']],
  ])('lays %i images out in a 16:9 frame, Mastodon’s way', (count, spans) => {
    render(<MediaGallery media={images(count)} />);
    expect(grid().dataset.layout).toBe(String(count));
    expect(grid().className).toContain('aspect-video');
    expect(tiles().map((tile) => (tile.className.includes('row-span-2') ? 'row-span-2' : ''))).toEqual(spans);
  });

  it('shows each preview lazily, sized, described, with the blurhash until it loads', () => {
    render(<MediaGallery media={images(2)} />);
    const [first] = screen.getAllByRole('img');
    expect(first).toBeTruthy();
    const img = first as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('http://localhost/media/m1-small.webp');
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('427');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.alt).toBe('Picture 1');
    expect(img.className).toContain('opacity-0');
    fireEvent.load(img);
    expect(img.className).toContain('opacity-100');
    // The image without a description is still a named button.
    expect(screen.getByRole('button', { name: 'Open image 2 of 2 (no description)' })).toBeTruthy();
  });

  it('has an ALT badge only on described images, which shows the description in place', () => {
    render(<MediaGallery media={images(2)} />);
    const badges = screen.getAllByRole('button', { name: 'ALT' });
    expect(badges).toHaveLength(1);
    const [badge] = badges as [HTMLElement];
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(badge);
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(badge.getAttribute('aria-controls')!)?.textContent).toBe('Picture 1');
  });

  it('hides sensitive images behind their blurhash until Show, loading none of them', () => {
    const { container } = render(<MediaGallery media={images(2)} sensitive />);
    const pictures = () => container.querySelectorAll('img');
    expect(pictures()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Sensitive content Show' }));
    expect(pictures()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Hide sensitive images' }));
    expect(pictures()).toHaveLength(0);
  });

  it('plays an animated image, unless the person prefers reduced motion: then its still frame, marked GIF', () => {
    const gif = mediaAttachment('gif', { animated: true, description: 'A cat' });
    render(<MediaGallery media={[gif]} />);
    expect(screen.getByRole<HTMLImageElement>('img').getAttribute('src')).toBe(gif.url);
    expect(screen.queryByText('GIF')).toBeNull();
    cleanup();
    fakeMatchMedia(['(prefers-reduced-motion: reduce)']);
    render(<MediaGallery media={[gif]} />);
    expect(screen.getByRole<HTMLImageElement>('img').getAttribute('src')).toBe(gif.previewUrl);
    expect(screen.getByText('GIF')).toBeTruthy();
  });
});

describe('Lightbox', () => {
  it('opens on the image chosen; ← and → go round the images; Escape closes and gives focus back', async () => {
    render(<MediaGallery media={images(3)} />);
    const opener = screen.getByRole('button', { name: 'Picture 3' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Image 3 of 3' });
    const shown = () => dialog.querySelector('img')!;
    expect(shown().getAttribute('src')).toBe('http://localhost/media/m3.webp');
    expect(dialog.textContent).toContain('Picture 3');

    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBe(dialog);
    expect(shown().alt).toBe('Picture 1');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(shown().getAttribute('src')).toBe('http://localhost/media/m2.webp');
    expect(dialog.textContent).toContain('No description was given for this image.');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(shown().alt).toBe('Picture 3');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous image' }));
    expect(shown().getAttribute('src')).toBe('http://localhost/media/m2.webp');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(shown().alt).toBe('Picture 3');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('goes to the next image on a swipe left, the previous on a swipe right; a mouse drag does nothing', async () => {
    render(<MediaGallery media={images(3)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Picture 1' }));
    await screen.findByRole('dialog', { name: 'Image 1 of 3' });
    const swipe = (from: number, to: number, pointerType = 'touch') => {
      // Each image has its own stage (its zoom starts afresh).
      const stage = within(screen.getByRole('dialog')).getByTestId('lightbox-stage');
      fireEvent.pointerDown(stage, { pointerType, clientX: from, clientY: 300 });
      fireEvent.pointerUp(stage, { pointerType, clientX: to, clientY: 310 });
    };
    swipe(300, 100);
    expect(screen.getByRole('dialog', { name: 'Image 2 of 3' })).toBeTruthy();
    swipe(100, 300);
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBeTruthy();
    swipe(300, 100, 'mouse');
    expect(screen.getByRole('dialog', { name: 'Image 1 of 3' })).toBeTruthy();
  });
});
