import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <section className="page page--center">
      <p className="eyebrow">404</p>
      <h1>We couldn't find that page</h1>
      <p>The page may have moved, or the address may be mistyped.</p>
      <div className="row">
        <Link className="btn btn--primary" to="/">Go home</Link>
        <Link className="btn btn--ghost" to="/store-locator">Find a store</Link>
      </div>
    </section>
  );
}
