import { useEffect, useRef, useState } from 'react';
import { documentTitle } from './page-title.ts';

/** how long to wait for a page's `<h1>` after a navigation (a route may suspend while its data loads) */
const HEADING_WAIT_MS = 5000;

const mainHeading = () => document.querySelector<HTMLElement>('#main h1');

/**
 * For a view that replaces the control the customer used without a navigation (a form's button gone once the form
 * is done): focus would fall to <body>, so it goes to the page's h1 (tabindex=-1) instead. Focus elsewhere stays.
 */
export function focusPageHeadingIfLost() {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  const h1 = mainHeading();
  if (!h1) return;
  if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
  h1.focus();
}

/**
 * After every navigation (a new pathname; query changes such as the locator's own are not navigations):
 * sets the document title (WCAG 2.4.2), moves focus to the page's `<h1>` (made focusable with
 * tabindex=-1) unless the page already put focus inside the main content, and announces the page in a
 * polite live region. The first load only sets the title: focus stays where the browser put it.
 * Without a `pageTitle` the title is the `<h1>` text.
 */
export function RouteAnnouncer({
  pathname,
  pendingPathname,
  pageTitle,
  brandName,
}: {
  /** the pathname whose page is rendered (the router's resolved location): the page to title, focus and announce */
  pathname: string;
  /** the pathname being navigated to (the router's location, ahead of `pathname` while the next route loads) */
  pendingPathname?: string;
  pageTitle: string | null;
  brandName: string;
}) {
  // seq: each announcement is a new text node, so the same title twice in a row (one store page to the next) is
  // still announced
  const [announcement, setAnnouncement] = useState({ text: '', seq: 0 });
  // the element that had focus when the navigation started (the link or button that was used): focus still there
  // when the new page has rendered is the old page's, not one the new page chose, and moves to the new h1
  const focusAtStart = useRef<Element | null>(null);
  useEffect(() => {
    focusAtStart.current = pendingPathname !== undefined && pendingPathname !== pathname ? document.activeElement : null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the start of a navigation records
  }, [pendingPathname]);
  // the pathname the last effect ran for: the first load (and a strict-mode re-run) is not a navigation
  const lastPath = useRef<string | null>(null);
  // the heading the previous page was announced by: a code-split route renders after the pathname changes, and
  // until then the old page's <h1> is still in the document
  const lastHeading = useRef<{ node: HTMLElement | null; text: string | null }>({ node: null, text: null });
  // the old page's heading can be re-rendered as a new node while the next route loads (seen under load: a
  // redirect from /unsubscribe kept its title), so a new heading is one with a new text; a page whose heading has
  // the previous page's text settles by the timer below (its title is that same text anyway)
  const isNewHeading = (h1: HTMLElement | null, initial: boolean) => !!h1 && (initial || h1.textContent !== lastHeading.current.text);
  useEffect(() => {
    const initial = lastPath.current === null || lastPath.current === pathname;
    lastPath.current = pathname;
    let done = false;
    const settle = (h1: HTMLElement | null) => {
      if (done) return;
      const title = pageTitle ?? h1?.textContent ?? null;
      document.title = documentTitle(title, brandName);
      if (!h1 && !pageTitle) return; // wait for the heading
      done = true;
      lastHeading.current = { node: h1, text: h1?.textContent ?? null };
      if (initial) return;
      const active = document.activeElement;
      const main = document.getElementById('main');
      // focus the new page put inside its main content (an autofocused field) stays; anything else (the body, the
      // clicked link that is still rendered, the main element) moves to the new page's h1
      const focusInPage =
        !!active && active !== document.body && !!main?.contains(active) && active !== main && active !== h1 && active !== focusAtStart.current;
      focusAtStart.current = null;
      if (!focusInPage && h1) {
        if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
        h1.focus({ preventScroll: false });
      }
      setAnnouncement((a) => ({ text: title ?? '', seq: a.seq + 1 }));
    };
    const now = mainHeading();
    if (now && (pageTitle || isNewHeading(now, initial))) {
      settle(now);
      return;
    }
    // the page's heading is not rendered yet (suspended route): wait for it, then settle with or without it. Until
    // then the title is the route's own, or else the heading on screen (a redirect to a page with the same heading
    // text, /unsubscribe to /unsubscribe/complete), never the brand alone
    // (nothing known yet, a first render: the shell's title stays)
    const meanwhile = pageTitle ?? now?.textContent ?? lastHeading.current.text;
    if (meanwhile) document.title = documentTitle(meanwhile, brandName);
    const main = document.getElementById('main') ?? document.body;
    const observer = new MutationObserver(() => {
      const h1 = mainHeading();
      if (isNewHeading(h1, initial)) {
        observer.disconnect();
        settle(h1);
      }
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    const timer = window.setTimeout(() => {
      observer.disconnect();
      settle(mainHeading());
    }, HEADING_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, pageTitle, brandName]);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      <span key={announcement.seq}>{announcement.text}</span>
    </p>
  );
}
