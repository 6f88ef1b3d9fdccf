/**
 * The one inline script the app's pages may run (docs/architecture.md "Each page's first HTML"): /menu's
 * prerendered top shows the "choose a store" card a new visitor sees, and a visitor whose browser kept a store
 * (src/services/selected-store.ts) must not see it flash before React shows their store. The script runs while the
 * HTML is parsed, before the card is parsed and painted, and marks <html> so that src/styles.css hides the
 * prerendered card. The server allows exactly this text by its hash (server/http/headers.ts: script-src).
 */

/** localStorage key of the selected store (src/services/selected-store.ts) */
export const SELECTED_STORE_KEY = 'harbor.selectedStore.v1';

/** the class on <html> when the browser kept a store */
export const KEPT_STORE_CLASS = 'has-kept-store';

export const KEPT_STORE_SCRIPT = `try{localStorage.getItem(${JSON.stringify(SELECTED_STORE_KEY)})&&document.documentElement.classList.add(${JSON.stringify(KEPT_STORE_CLASS)})}catch(e){}`;
