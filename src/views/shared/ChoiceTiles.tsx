import type { ReactNode } from 'react';
import './ChoiceTiles.css';

/**
 * One styled choice control for tiles (issue 30): size, pickup, tip, parking spot, amounts. The input stays a native
 * radio (its name, group, arrow keys, checked state and label are the browser's, for every assistive technology),
 * laid transparently over its tile so that it takes the clicks; the tile draws the choice: a border, the checked
 * fill and tick, and the focus ring when the radio has keyboard focus (ChoiceTiles.css). Wrap tiles in
 * `ChoiceTiles` inside a fieldset with a legend.
 */
export function ChoiceTile({ name, value, checked, onChange, label, detail, disabled }: { name: string; value?: string; checked: boolean; onChange: () => void; label: ReactNode; detail?: ReactNode; disabled?: boolean }) {
  return (
    <label className="choice-tile">
      <input className="choice-tile-input" type="radio" name={name} {...(value !== undefined ? { value } : {})} checked={checked} onChange={onChange} disabled={disabled} />
      <span className="choice-tile-label">{label}</span>
      {detail ? <span className="choice-tile-detail">{detail}</span> : null}
    </label>
  );
}

/** the row of tiles (wraps on a narrow screen) */
export function ChoiceTiles({ children }: { children: ReactNode }) {
  return <div className="choice-tiles">{children}</div>;
}
