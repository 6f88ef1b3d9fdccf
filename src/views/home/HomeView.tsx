import { Link } from '@tanstack/react-router';

/** Home: the personalised stream is a later issue; for now a greeting and the two ways in. */
export function HomeView({ firstName }: { firstName: string | null }) {
  return (
    <section className="hero">
      <div className="hero-text">
        <h1>{firstName ? `Good to see you, ${firstName}` : 'Your coffee, ready when you are'}</h1>
        <p>Find a store near you, order ahead for pickup, drive-thru or curbside, and skip the line.</p>
        <div className="row">
          <Link to="/store-locator" className="btn btn--primary">Find a store</Link>
          <Link to="/menu" className="btn btn--ghost">View the menu</Link>
        </div>
      </div>
    </section>
  );
}
