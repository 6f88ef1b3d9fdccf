import { Link } from '@tanstack/react-router';
import './home.css';

/**
 * Home (`/`, not in the spec: docs/architecture.md "Home page"): a greeting and the two ways in, then how ordering
 * ahead works in three steps, each with its way in. The personalised stream is /account/for-you (spec 3, not built).
 */
export function HomeView({ firstName }: { firstName: string | null }) {
  return (
    <>
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
      <section className="home-steps" aria-labelledby="home-steps-heading">
        <h2 id="home-steps-heading">How ordering ahead works</h2>
        <ol className="home-steps-list">
          <li>
            <h3>Choose a store</h3>
            <p>Search by city or ZIP code, and see which stores are open now and how you can pick up there.</p>
            <Link to="/store-locator">Find a store near you</Link>
          </li>
          <li>
            <h3>Order ahead</h3>
            <p>Make your drink just the way you like it, add food, and pay with your card balance, a credit card or PayPal.</p>
            <Link to="/menu">Browse the menu</Link>
          </li>
          <li>
            <h3>Pick it up your way</h3>
            <p>In store, at the drive-thru or at the curb: your name is on the cup when it is ready.</p>
            <Link to="/pickup">See the pickup options</Link>
          </li>
        </ol>
      </section>
    </>
  );
}
