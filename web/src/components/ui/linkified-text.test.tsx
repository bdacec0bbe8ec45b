import { textEntityFixtures } from '@sync/contract';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkifiedText } from './linkified-text';

function renderText(text: string, unresolvedMentions?: readonly string[]) {
  return render(
    <MemoryRouter>
      <p data-testid="text">
        <LinkifiedText text={text} unresolvedMentions={unresolvedMentions} />
      </p>
    </MemoryRouter>,
  ).getByTestId('text');
}

afterEach(cleanup);

describe('LinkifiedText', () => {
  it('links mentions to profiles, tags to tag pages and URLs to a new tab', () => {
    const text = renderText('Hey @maya.chen, see #Sync at https://example.com/docs!');
    const links = [...text.querySelectorAll('a')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['@maya.chen', '/profile/maya.chen'],
      ['#Sync', '/tag/sync'],
      ['https://example.com/docs', 'https://example.com/docs'],
    ]);
    expect(links[0]!.getAttribute('target')).toBeNull();
    expect(links[2]!.getAttribute('target')).toBe('_blank');
    expect(links[2]!.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
  });

  it('leaves an @name that mentions nobody (the answer’s unresolvedMentions, any case) as text', () => {
    const text = renderText('@Gone.Name and @maya.chen, #Sync', ['gone.name']);
    expect([...text.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/profile/maya.chen',
      '/tag/sync',
    ]);
    expect(text.textContent).toBe('@Gone.Name and @maya.chen, #Sync');
  });

  it('keeps every character of the text, in order', () => {
    for (const fixture of textEntityFixtures) {
      expect(renderText(fixture.text).textContent, fixture.name).toBe(fixture.text);
      cleanup();
    }
  });

  it('makes exactly the parser fixtures’ entities into links', () => {
    for (const fixture of textEntityFixtures) {
      const links = [...renderText(fixture.text).querySelectorAll('a')].map((link) => link.textContent);
      expect(links, fixture.name).toEqual(fixture.entities.map(([, text]) => text));
      cleanup();
    }
  });

  it('never reads the text as HTML', () => {
    const text = renderText('<img src=x onerror=alert(1)> <b>#bold</b> @x');
    expect(text.querySelector('img')).toBeNull();
    expect(text.querySelector('b')).toBeNull();
    expect(text.textContent).toBe('<img src=x onerror=alert(1)> <b>#bold</b> @x');
    expect([...text.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/tag/bold',
      '/profile/x',
    ]);
  });

  it('encodes tags in any script into the path', () => {
    const link = renderText('#東京').querySelector('a');
    expect(link?.getAttribute('href')).toBe(`/tag/${encodeURIComponent('東京')}`);
  });

  it('renders plain text as it is, without links', () => {
    const text = renderText('Nothing to see here.');
    expect(text.querySelectorAll('a')).toHaveLength(0);
    expect(text.textContent).toBe('Nothing to see here.');
  });
});
