import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import '../shared/page.css';

/** The settings area: a side navigation around each settings page. */
export function SettingsLayoutView({ mfaEnabled, children }: { mfaEnabled: boolean; children: ReactNode }) {
  return (
    <div className="settings-layout">
      <nav aria-label="Settings" className="settings-nav">
        <ul>
          <li>
            <Link to="/account/settings" activeOptions={{ exact: true }} activeProps={{ className: 'active', 'aria-current': 'page' }}>
              Overview
            </Link>
          </li>
          <li>
            <Link to="/account/settings/password" activeProps={{ className: 'active', 'aria-current': 'page' }}>
              Password
            </Link>
          </li>
          <li>
            <Link to="/account/settings/edit-email" activeProps={{ className: 'active', 'aria-current': 'page' }}>
              Email address
            </Link>
          </li>
          <li>
            <Link to="/account/settings/communication-preferences" activeProps={{ className: 'active', 'aria-current': 'page' }}>
              Communication preferences
            </Link>
          </li>
          <li>
            <Link to="/account/settings/sessions" activeProps={{ className: 'active', 'aria-current': 'page' }}>
              Your devices
            </Link>
          </li>
          {mfaEnabled ? (
            <li>
              <Link to="/account/settings/mfa" activeProps={{ className: 'active', 'aria-current': 'page' }}>
                2-step verification
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/account/settings/privacy" activeProps={{ className: 'active', 'aria-current': 'page' }}>
              Privacy
            </Link>
          </li>
        </ul>
      </nav>
      <div className="settings-content">{children}</div>
    </div>
  );
}

/** /account/settings: the list of settings. */
export function SettingsView({ email, mfaEnabled }: { email: string; mfaEnabled: boolean }) {
  return (
    <div className="account-page account-page--wide">
      <h1 className="account-heading">Settings</h1>
      <section className="account-card">
        <ul className="settings-list">
          <li>
            <Link to="/account/settings/password">
              <span>
                Password<small>Change your password</small>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/account/settings/edit-email">
              <span>
                Email address<small>{email}</small>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/account/settings/communication-preferences">
              <span>
                Communication preferences<small>Choose which emails you get</small>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/account/settings/sessions">
              <span>
                Your devices<small>Where you are signed in; sign out of other devices</small>
              </span>
            </Link>
          </li>
          {mfaEnabled ? (
            <li>
              <Link to="/account/settings/mfa">
                <span>
                  2-step verification<small>Sign-in codes sent to your phone</small>
                </span>
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/account/settings/privacy">
              <span>
                Privacy<small>Your personal information choices</small>
              </span>
            </Link>
          </li>
          <li>
            <Link to="/account/personal">
              <span>
                Personal info<small>Name, phone number, birthday and partner number</small>
              </span>
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
