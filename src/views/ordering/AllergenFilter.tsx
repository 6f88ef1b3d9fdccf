import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ALLERGENS, ALLERGEN_NAMES, AllergenMessages } from '../../../contracts/allergens.ts';
import type { allergenFilterMachine } from '../../../machines/allergen-filter.machine.ts';
import { Dialog } from '../shell/Dialog.tsx';

export type AllergenFilterActor = ActorRefFrom<typeof allergenFilterMachine>;

/**
 * The menu's allergen filter (issue 29; docs/order-status.md 2.7): the button 'Allergens' / 'Allergens (n)' opens
 * the dialog 'Hide items containing' with the nine allergens as checkboxes (a draft); Apply hides the items and
 * remembers the choice, Clear all empties the draft, Escape or the backdrop closes without changing the filter.
 */
export function AllergenFilter({ actor }: { actor: AllergenFilterActor }) {
  const open = useSelector(actor, (s) => s.matches('open'));
  const selected = useSelector(actor, (s) => s.context.selected);
  const draft = useSelector(actor, (s) => s.context.draft);
  return (
    <div className="allergen-filter">
      <button type="button" className="btn btn--ghost btn--small" aria-haspopup="dialog" onClick={() => actor.send({ type: 'user.open' })}>
        {selected.length ? AllergenMessages.filterButtonCount.replace('{n}', String(selected.length)) : AllergenMessages.filterButton}
      </button>
      <Dialog
        open={open}
        title={AllergenMessages.filterHeading}
        onClose={() => actor.send({ type: 'user.close' })}
        actions={
          <>
            <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.apply' })}>
              {AllergenMessages.apply}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.clearAll' })}>
              {AllergenMessages.clearAll}
            </button>
          </>
        }
      >
        <ul className="allergen-choices">
          {ALLERGENS.map((code) => (
            <li key={code}>
              <label className="option-row">
                <input type="checkbox" checked={draft.includes(code)} onChange={() => actor.send({ type: 'user.toggle', code })} />
                <span>{ALLERGEN_NAMES[code]}</span>
              </label>
            </li>
          ))}
        </ul>
        <p className="cart-item-meta">{AllergenMessages.guidance}</p>
      </Dialog>
    </div>
  );
}
