-- Waitlist signups and contact messages (issue 4, D11). Like the newsletter, neither keeps the
-- sender's IP: rate limits work in memory. Text is stored trimmed; the route caps its length.

-- `email` holds the normalised address (trimmed, lower-case), so the unique constraint makes a
-- second signup with the same address a no-op. `consented_at` is when the person accepted the
-- privacy policy and early-access e-mails by joining. `plan` and `product` come from the link
-- that led to the form (`/waitlist?plan=team`).
create table waitlist_signups (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null unique,
  company text not null,
  role text not null
    check (role in ('developer', 'tech_lead', 'architect', 'director', 'cto', 'other')),
  use_case text not null default '',
  source text
    check (source in ('search', 'social', 'recommendation', 'conference', 'publication', 'other')),
  plan text,
  product text,
  consented_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- Every message is kept, so one address may appear many times.
create table contact_messages (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  company text not null default '',
  subject text not null
    check (subject in ('overseer_info', 'waitlist', 'technical', 'demo', 'careers')),
  message text not null,
  product text,
  created_at timestamptz not null default now()
);

-- Staff list each kind newest first.
create index waitlist_signups_created_at on waitlist_signups (created_at desc, id desc);
create index contact_messages_created_at on contact_messages (created_at desc, id desc);
create index newsletter_subscriptions_created_at on newsletter_subscriptions (created_at desc, id desc);
