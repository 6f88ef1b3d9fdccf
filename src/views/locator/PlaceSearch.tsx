import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { locatorMachine } from '../../../machines/locator.machine.ts';

type LocatorRef = ActorRefFrom<typeof locatorMachine>;

/**
 * The search box with place autocomplete: the ARIA 1.2 combobox pattern (input with a listbox popup,
 * aria-activedescendant for the keyboard-highlighted option). Enter searches the typed text, or picks
 * the highlighted suggestion; Escape closes the list; arrows move through it.
 */
export function PlaceSearch({ locator }: { locator: LocatorRef }) {
  const id = useId();
  const listId = `${id}-places`;
  const optionId = (i: number) => `${id}-place-${i}`;
  const text = useSelector(locator, (s) => s.context.searchText);
  const suggestions = useSelector(locator, (s) => s.context.suggestions);
  const active = useSelector(locator, (s) => s.context.activeSuggestion);
  const open = useSelector(locator, (s) => s.matches({ suggestions: 'showing' }));

  const submit = () => {
    const chosen = open && active >= 0 ? suggestions[active] : undefined;
    if (chosen) locator.send({ type: 'user.choosePlace', place: chosen });
    else locator.send({ type: 'user.search', text });
  };

  return (
    <form
      role="search"
      className="place-search"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search for a store by city, state or ZIP code
      </label>
      <svg className="place-search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10z" fill="currentColor" />
      </svg>
      <input
        id={id}
        className="place-search-input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="City, state or ZIP code"
        value={text}
        onChange={(e) => locator.send({ type: 'user.typePlace', text: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && open) {
            e.preventDefault();
            locator.send({ type: 'user.moveSuggestion', delta: 1 });
          } else if (e.key === 'ArrowUp' && open) {
            e.preventDefault();
            locator.send({ type: 'user.moveSuggestion', delta: -1 });
          } else if (e.key === 'Escape' && open) {
            e.preventDefault();
            locator.send({ type: 'user.closeSuggestions' });
          }
        }}
        onBlur={() => open && locator.send({ type: 'user.closeSuggestions' })}
      />
      {text ? (
        <button type="button" className="place-search-clear icon-btn" aria-label="Clear search" onClick={() => locator.send({ type: 'user.typePlace', text: '' })}>
          ×
        </button>
      ) : null}
      <button type="submit" className="place-search-submit" aria-label="Search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M4 11h12.2l-5.6-5.6L12 4l8 8-8 8-1.4-1.4 5.6-5.6H4z" fill="currentColor" />
        </svg>
      </button>
      <ul id={listId} role="listbox" aria-label="Places" className="place-suggestions" hidden={!open}>
        {open
          ? suggestions.map((p, i) => (
              <li
                key={p.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`place-suggestion${i === active ? ' is-active' : ''}`}
                // keep focus in the input so blur does not close the list before the click lands
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => locator.send({ type: 'user.choosePlace', place: p })}
              >
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                  <path d="M12 2a7 7 0 0 1 7 7c0 5-7 13-7 13S5 14 5 9a7 7 0 0 1 7-7zm0 4.5A2.5 2.5 0 1 0 12 11.5 2.5 2.5 0 0 0 12 6.5z" fill="currentColor" />
                </svg>
                <span>
                  <strong>{p.name}</strong>
                  <span className="place-suggestion-rest">{p.displayName.startsWith(p.name) ? p.displayName.slice(p.name.length) : ` ${p.displayName}`}</span>
                </span>
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}
