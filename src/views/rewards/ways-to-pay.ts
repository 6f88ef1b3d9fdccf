import { useEffect } from 'react';
import { scrollOffset } from '../../services/viewport.ts';

/** the in-page anchor of the flag-off /rewards page and the marketing page (spec 2) */
export const WAYS_TO_PAY_ID = 'ways-to-pay';

/**
 * Puts the section `id` at 50 px (phone) or 149 px (otherwise) below the window's top (spec 2, 9) and moves focus to
 * its heading, without scrolling again. Returns false when the section is not on the page.
 */
export function scrollToSection(id: string, win: Window = window): boolean {
  const section = win.document.getElementById(id);
  if (!section) return false;
  const top = section.getBoundingClientRect().top + win.scrollY - scrollOffset(win);
  win.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
  const heading = section.querySelector<HTMLElement>('h2, h3');
  heading?.focus({ preventScroll: true });
  return true;
}

/**
 * On load and on each hash change, a `#ways-to-pay` in the address is scrolled to with the offset. Runs after the
 * router's own hash scrolling (two frames later), which would otherwise put the section under the sticky header.
 */
export function useHashScroll(id: string = WAYS_TO_PAY_ID) {
  useEffect(() => {
    let frame = 0;
    const apply = () => {
      if (window.location.hash !== `#${id}`) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => (frame = requestAnimationFrame(() => scrollToSection(id))));
    };
    apply();
    window.addEventListener('hashchange', apply);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('hashchange', apply);
    };
  }, [id]);
}
