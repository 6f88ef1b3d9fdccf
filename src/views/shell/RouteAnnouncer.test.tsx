import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { RouteAnnouncer } from './RouteAnnouncer.tsx';
import { routeTitles, documentTitle } from './page-title.ts';

afterEach(cleanup);

function Page({ pathname, pageTitle, heading, headingKey }: { pathname: string; pageTitle: string | null; heading: string; headingKey?: string }) {
  return (
    <>
      <RouteAnnouncer pathname={pathname} pageTitle={pageTitle} brandName="Harbor Coffee" />
      <a href="/elsewhere">a link outside the page</a>
      <main id="main" tabIndex={-1}>
        <h1 key={headingKey}>{heading}</h1>
      </main>
    </>
  );
}

describe('RouteAnnouncer (WCAG 2.4.2 and focus after navigation)', () => {
  it('first load: sets "<page> | <brand>" and leaves focus alone', () => {
    render(<Page pathname="/store-locator" pageTitle="Find a store" heading="Find a store" />);
    expect(document.title).toBe('Find a store | Harbor Coffee');
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByTestId('route-announcer').textContent).toBe('');
  });

  it('a navigation moves focus to the h1 and announces the page', () => {
    const view = render(<Page pathname="/store-locator" pageTitle="Find a store" heading="Find a store" />);
    screen.getByRole('link').focus();
    view.rerender(<Page pathname="/account/signin" pageTitle="Sign in" heading="Sign in to your account" />);
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(h1);
    expect(h1.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('Sign in | Harbor Coffee');
    expect(screen.getByTestId('route-announcer').textContent).toBe('Sign in');
  });

  it('focus left on the link that was used, still rendered in the page (a menu tab), moves to the new h1', () => {
    const Tabbed = ({ pathname, pendingPathname, heading }: { pathname: string; pendingPathname: string; heading: string }) => (
      <>
        <RouteAnnouncer pathname={pathname} pendingPathname={pendingPathname} pageTitle={heading} brandName="Harbor Coffee" />
        <main id="main" tabIndex={-1}>
          <a href="/menu/drinks">Drinks</a>
          <h1 key={heading}>{heading}</h1>
        </main>
      </>
    );
    const view = render(<Tabbed pathname="/menu" pendingPathname="/menu" heading="Menu" />);
    screen.getByRole('link', { name: 'Drinks' }).focus();
    // the navigation starts (the router's location moves), then the new page renders (its resolved location)
    view.rerender(<Tabbed pathname="/menu" pendingPathname="/menu/drinks" heading="Menu" />);
    view.rerender(<Tabbed pathname="/menu/drinks" pendingPathname="/menu/drinks" heading="Drinks" />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Drinks' }));
    expect(screen.getByTestId('route-announcer').textContent).toBe('Drinks');
  });

  it('focus the new page put in its content (an autofocused field) stays there', () => {
    const Form = ({ pathname, pendingPathname, field }: { pathname: string; pendingPathname: string; field: boolean }) => (
      <>
        <RouteAnnouncer pathname={pathname} pendingPathname={pendingPathname} pageTitle={field ? 'Enter your code' : 'Change email'} brandName="Harbor Coffee" />
        <main id="main" tabIndex={-1}>
          <h1>{field ? 'Enter your code' : 'Change email'}</h1>
          {field ? <input aria-label="Code" autoFocus /> : <button type="button">Continue</button>}
        </main>
      </>
    );
    const view = render(<Form pathname="/edit" pendingPathname="/edit" field={false} />);
    screen.getByRole('button').focus();
    view.rerender(<Form pathname="/edit" pendingPathname="/code" field={false} />);
    view.rerender(<Form pathname="/code" pendingPathname="/code" field />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
  });

  it('the same title twice in a row is announced again (a new text node in the live region)', () => {
    const view = render(<Page pathname="/store-locator/1" pageTitle="Find a store" heading="Store 1" />);
    view.rerender(<Page pathname="/store-locator/2" pageTitle="Find a store" heading="Store 2" />);
    const first = screen.getByTestId('route-announcer').firstChild;
    view.rerender(<Page pathname="/store-locator/3" pageTitle="Find a store" heading="Store 3" />);
    const second = screen.getByTestId('route-announcer').firstChild;
    expect(second?.textContent).toBe('Find a store');
    expect(second).not.toBe(first);
  });

  it('a query change on the same path is not a navigation', () => {
    const view = render(<Page pathname="/store-locator" pageTitle="Find a store" heading="Find a store" />);
    view.rerender(<Page pathname="/store-locator" pageTitle="Find a store" heading="Find a store" />);
    expect(document.activeElement).toBe(document.body);
  });

  it('a route without a title entry is titled by its h1, waiting for it to render', async () => {
    const view = render(<Page pathname="/a" pageTitle="A" heading="A" />);
    view.rerender(
      <>
        <RouteAnnouncer pathname="/new-page" pageTitle={null} brandName="Harbor Coffee" />
        <main id="main" />
      </>,
    );
    // until the new heading renders, the previous title stays: never the brand alone
    expect(document.title).toBe('A | Harbor Coffee');
    await act(async () => {
      const h1 = document.createElement('h1');
      h1.textContent = 'Gift cards';
      document.getElementById('main')!.append(h1);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(document.title).toBe('Gift cards | Harbor Coffee');
    expect((document.activeElement as HTMLElement).textContent).toBe('Gift cards');
  });

  it("the old page's heading re-rendered as a new node while the next route loads is not the new page's title", async () => {
    const view = render(<Page pathname="/unsubscribe" pageTitle={null} heading="Unsubscribing…" />);
    expect(document.title).toBe('Unsubscribing… | Harbor Coffee');
    // the redirect: the next route's chunk is loading, and the old heading comes back as a new element
    view.rerender(<Page pathname="/unsubscribe/complete" pageTitle={null} heading="Unsubscribing…" headingKey="again" />);
    expect(document.title).toBe('Unsubscribing… | Harbor Coffee');
    await act(async () => {
      document.querySelector('#main h1')!.textContent = "Can't unsubscribe";
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(document.title).toBe("Can't unsubscribe | Harbor Coffee");
  });

  it('titles the locator, sign-in and settings routes, never with the brand alone', () => {
    expect(routeTitles['/store-locator']).toBe('Find a store');
    expect(routeTitles['/menu/store-locator']).toBe('Choose a store');
    expect(routeTitles['/account/signin']).toBe('Sign in');
    expect(routeTitles['/account/settings/password']).toBe('Change password');
    expect(documentTitle('Menu', 'Harbor Coffee')).toBe('Menu | Harbor Coffee');
    expect(documentTitle('  ', 'Harbor Coffee')).toBe('Harbor Coffee');
  });
});
