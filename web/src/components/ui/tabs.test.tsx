import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

type Fruit = 'apple' | 'pear' | 'plum';

function Fruits({ initial = 'apple' }: { initial?: Fruit }) {
  const [selected, setSelected] = useState<Fruit>(initial);
  return (
    <Tabs
      label="Fruits"
      idPrefix="fruits"
      tabs={[
        { value: 'apple', label: 'Apple' },
        { value: 'pear', label: 'Pear' },
        { value: 'plum', label: 'Plum' },
      ]}
      selected={selected}
      onSelect={setSelected}
    >
      <p>{selected} content</p>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

afterEach(cleanup);

describe('Tabs', () => {
  it('selects one tab, the only tab stop, and labels the panel with it', () => {
    render(<Fruits initial="pear" />);
    expect(tab('Pear').getAttribute('aria-selected')).toBe('true');
    expect(tab('Apple').getAttribute('aria-selected')).toBe('false');
    expect([tab('Apple'), tab('Pear'), tab('Plum')].map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Pear' });
    expect(panel.textContent).toBe('pear content');
    expect(tab('Pear').getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves with the arrow keys, wrapping around, and with Home and End', () => {
    render(<Fruits />);
    fireEvent.keyDown(tab('Apple'), { key: 'ArrowLeft' });
    expect(tab('Plum').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Plum'));
    fireEvent.keyDown(tab('Plum'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Apple'));
    fireEvent.keyDown(tab('Apple'), { key: 'End' });
    expect(document.activeElement).toBe(tab('Plum'));
    fireEvent.keyDown(tab('Plum'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Apple'));
    expect(screen.getByRole('tabpanel').textContent).toBe('apple content');
  });

  it('selects a tab on click and leaves other keys alone', () => {
    render(<Fruits />);
    fireEvent.click(tab('Pear'));
    expect(screen.getByRole('tabpanel', { name: 'Pear' })).toBeTruthy();
    fireEvent.keyDown(tab('Pear'), { key: 'a' });
    expect(tab('Pear').getAttribute('aria-selected')).toBe('true');
  });
});
