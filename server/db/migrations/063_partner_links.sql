-- Hotel partner links (issue 27, docs/rewards.md 3.4 and 3.7): one link per member and partner, one member per
-- partner number; the signed state's single-use nonces (10 minutes).
create table partner_links (
  user_id text not null references users(id) on delete cascade,
  partner text not null,
  partner_member_id text not null check (partner_member_id ~ '^[0-9]{9}$'),
  linked_at timestamptz not null,
  primary key (user_id, partner),
  unique (partner, partner_member_id)
);
create table partner_link_states (
  nonce text primary key,
  user_id text not null references users(id) on delete cascade,
  partner text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index partner_link_states_expiry on partner_link_states (expires_at);
