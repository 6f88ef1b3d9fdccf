/** The shared choice control (issue 30): native radios in styled tiles, grouped, labelled, checked. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ChoiceTile, ChoiceTiles } from './ChoiceTiles.tsx';

function Tips() {
  const [tip, setTip] = useState(0);
  return (
    <fieldset>
      <legend>Tip</legend>
      <ChoiceTiles>
        {[0, 100, 200].map((t) => (
          <ChoiceTile key={t} name="tip" checked={tip === t} onChange={() => setTip(t)} label={t === 0 ? 'No tip' : `$${t / 100}.00`} detail={t === 200 ? 'Thank you' : undefined} />
        ))}
      </ChoiceTiles>
      <p>Chosen {tip}</p>
    </fieldset>
  );
}

describe('ChoiceTile', () => {
  it('is a native radio named by its tile, in one group, chosen by a click on its tile (the arrow keys and the drawn tile: e2e/polish.spec.ts)', async () => {
    render(<Tips />);
    const group = screen.getByRole('group', { name: 'Tip' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).name)).toEqual(['tip', 'tip', 'tip']);
    expect(screen.getByRole('radio', { name: 'No tip' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: '$2.00 Thank you' }).closest('.choice-tile')).toBeTruthy();
    await userEvent.click(screen.getByText('$1.00'));
    expect(screen.getByRole('radio', { name: '$1.00' })).toHaveProperty('checked', true);
    expect(group.textContent).toContain('Chosen 100');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '$1.00' }));
    expect(screen.getByRole('radio', { name: '$1.00' }).className).toBe('choice-tile-input');
  });
});
