-- Newsletter sign-ups. `email` holds the normalised address (trimmed, lower-case), so the
-- unique constraint makes a second sign-up with the same address a no-op.
-- The subscriber's IP is deliberately not kept: rate limiting works in memory, and a hash of
-- an IPv4 address can be reversed by trying all 2^32 of them, so it would still be personal data.
create table newsletter_subscriptions (
  id bigint generated always as identity primary key,
  email text not null unique,
  created_at timestamptz not null default now()
);
