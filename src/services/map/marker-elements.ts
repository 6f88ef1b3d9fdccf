/**
 * The HTML elements the adapters place on the map: accessible buttons for store pins (aria-label = store
 * name, aria-pressed = selected) and for clusters (the count; click zooms in, or selects the first store when
 * all of them are at one spot). Both libraries position
 * them; the styles are in map-markers.css, loaded with the map chunk.
 */
import { atOneSpot, markerClassName, type RenderItem } from './markers.ts';
import './map-markers.css';

export interface ItemElementHandlers {
  click(id: string, event: MouseEvent): void;
  /** an item id on pointer enter / focus, null on leave / blur */
  hover(id: string | null): void;
}

const PIN_SVG =
  '<svg viewBox="0 0 24 32" aria-hidden="true" focusable="false">' +
  '<path class="store-marker-pin" d="M12 0C5.4 0 0 5.3 0 11.9 0 20.8 12 32 12 32s12-11.2 12-20.1C24 5.3 18.6 0 12 0z"/>' +
  '<circle class="store-marker-dot" cx="12" cy="12" r="4.6"/></svg>';

export function clusterLabel(count: number, oneSpot = false): string {
  return oneSpot ? `${count} stores at this spot, choose one in the list` : `${count} stores, zoom in to see them`;
}

export function clusterSizeClass(count: number): string {
  return count < 10 ? 'store-cluster--s' : count < 100 ? 'store-cluster--m' : 'store-cluster--l';
}

/** Creates the element of an item and wires its events; `updateItemElement` keeps it in step later. */
export function createItemElement(item: RenderItem, handlers: ItemElementHandlers): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.dataset.itemId = item.id;
  if (item.kind === 'marker') {
    el.innerHTML = PIN_SVG;
    el.dataset.storeNumber = item.storeNumber;
  }
  el.addEventListener('click', (e) => {
    e.stopPropagation();
    handlers.click(item.id, e);
  });
  // hover highlights a store (spec 4): pins only, clusters have no store
  if (item.kind === 'marker') {
    el.addEventListener('mouseenter', () => handlers.hover(item.id));
    el.addEventListener('mouseleave', () => handlers.hover(null));
    el.addEventListener('focus', () => handlers.hover(item.id));
    el.addEventListener('blur', () => handlers.hover(null));
  }
  updateItemElement(el, item);
  return el;
}

export function updateItemElement(el: HTMLElement, item: RenderItem): void {
  if (item.kind === 'marker') {
    el.className = markerClassName(item.state);
    el.setAttribute('aria-label', item.name);
    el.setAttribute('aria-pressed', String(item.state === 'selected'));
    el.title = item.name;
  } else {
    el.className = `store-cluster ${clusterSizeClass(item.count)}`;
    el.setAttribute('aria-label', clusterLabel(item.count, atOneSpot(item.bounds)));
    el.textContent = String(item.count);
  }
}
