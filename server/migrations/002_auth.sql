-- Staff accounts, their roles and direct permission grants, and sign-in sessions (issue 3, D6).
-- Which role grants which permission lives in code (server/src/auth/permissions.ts), so the
-- mapping changes without a migration; roles and permissions here are plain names.

-- `email` holds the normalised address (trimmed, lower-case). `password_hash` is a
-- self-describing scrypt string ($scrypt$ln=17,r=8,p=1$salt$key).
create table users (
  id bigint generated always as identity primary key,
  email text not null unique,
  password_hash text not null,
  disabled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table user_roles (
  user_id bigint not null references users (id) on delete cascade,
  role text not null,
  primary key (user_id, role)
);

create table user_permissions (
  user_id bigint not null references users (id) on delete cascade,
  permission text not null,
  primary key (user_id, permission)
);

-- Only the SHA-256 of a token is kept (hex), so a copy of this table signs no one in.
create table sessions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create index sessions_user_id on sessions (user_id);
