/** What the shared image grid and lightbox say, in one place. */
export const mediaStrings = {
  gallery: (count: number) => (count === 1 ? 'Image' : `${count} images`),
  /** The name of an image's button when its uploader wrote no description. */
  openImage: (position: number, count: number) =>
    count === 1 ? 'Open image (no description)' : `Open image ${position} of ${count} (no description)`,
  altBadge: 'ALT',
  showDescription: 'Show the image description',
  hideDescription: 'Hide the image description',
  gifBadge: 'GIF',
  sensitive: 'Sensitive content',
  show: 'Show',
  hideSensitive: 'Hide sensitive images',
  lightboxTitle: (position: number, count: number) =>
    count === 1 ? 'Image' : `Image ${position} of ${count}`,
  previous: 'Previous image',
  next: 'Next image',
  close: 'Close',
  openOriginal: 'Open original',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  noDescription: 'No description was given for this image.',
  loading: 'Loading image',
};
