import { Link } from '@tanstack/react-router';
import '../shared/page.css';

/** /account/for-you: the signed-in landing (greeting and links; the full dashboard is a later issue). */
export function ForYouView({ firstName, product }: { firstName: string; product: string }) {
  return (
    <>
      <section className="for-you-hero">
        <div className="account-page">
          <h1 className="account-heading">Hi, {firstName}</h1>
          <p className="account-subheading">Welcome to your {product} Rewards account.</p>
        </div>
      </section>
      <div className="account-page account-page--wide">
        <nav aria-label="Your account" className="for-you-grid">
          <a href="/account/cards">
            <strong>Cards</strong>
            <span>Balances, add money and pay in store</span>
          </a>
          <Link to="/account/profile">
            <strong>Profile</strong>
            <span>Your details at a glance</span>
          </Link>
          <Link to="/account/personal">
            <strong>Personal info</strong>
            <span>Name, phone number and birthday</span>
          </Link>
          <Link to="/account/settings">
            <strong>Settings</strong>
            <span>Password, email, communication and security</span>
          </Link>
          <a href="/store-locator">
            <strong>Find a store</strong>
            <span>Order ahead for pickup</span>
          </a>
          <a href="/menu">
            <strong>Menu</strong>
            <span>Drinks and food</span>
          </a>
        </nav>
      </div>
    </>
  );
}
