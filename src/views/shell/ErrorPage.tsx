import type { ErrorComponentProps } from '@tanstack/react-router';

/** Error boundary of every route: a friendly message and a retry that re-runs the route. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="page page--center" role="alert">
      <h1>Something went wrong</h1>
      <p>We couldn't load this page. Please try again.</p>
      <div className="row">
        <button type="button" className="btn btn--primary" onClick={() => reset()}>Try again</button>
        <a className="btn btn--ghost" href="/">Go home</a>
      </div>
    </section>
  );
}
