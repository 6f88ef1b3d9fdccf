import { Link } from '@tanstack/react-router';
import type { Profile } from '../../../contracts/account-reads.ts';
import '../shared/page.css';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatPhone(digits: string | null): string {
  if (!digits) return 'Not added';
  return /^[0-9]{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

/** /account/profile: an overview of the account's details with links to edit them. */
export function ProfileView({ profile, partnerNumber }: { profile: Profile; partnerNumber: string | null }) {
  return (
    <div className="account-page account-page--wide">
      <h1 className="account-heading">Profile</h1>
      <section className="account-card" aria-labelledby="profile-details">
        <h2 id="profile-details">Your details</h2>
        <dl className="dl-grid">
          <dt>Name</dt>
          <dd>
            {profile.firstName} {profile.lastName}
          </dd>
          <dt>Email</dt>
          <dd>{profile.email}</dd>
          <dt>Phone</dt>
          <dd>{formatPhone(profile.phoneNumber)}</dd>
          <dt>Birthday</dt>
          <dd>{profile.birthday ? `${MONTHS[profile.birthday.month - 1]} ${profile.birthday.day}` : 'Not added'}</dd>
          <dt>Partner number</dt>
          <dd>{partnerNumber ?? 'Not added'}</dd>
        </dl>
        <div className="account-actions">
          <Link to="/account/personal" className="btn btn--ghost">
            Edit personal info
          </Link>
          <Link to="/account/personal/partner" className="btn btn--ghost">
            Partner number
          </Link>
          <Link to="/account/settings/edit-email" className="btn btn--ghost">
            Change email
          </Link>
        </div>
      </section>
    </div>
  );
}
