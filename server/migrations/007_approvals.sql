-- Approval gates (issue 6, D8, D10): a build that reaches an enabled gate (APPROVAL_GATES) raises a
-- request here and waits until staff approve or deny it on /architect/approvals.

-- `build_id` is null for requests that no build waits on (the demo sample): deciding those only
-- records the decision. `status` is pending until decided (approved, denied), or closed without a
-- decision: expired (APPROVAL_TIMEOUT_MS passed) or cancelled (the build stopped while it waited:
-- server shutdown, or a server that stopped, found by the stale build check).
-- `heartbeat_at` is refreshed while a server process waits on the request; a stale one means the
-- process is gone. `context` is what the build had produced when it reached the gate (More Details).
create table approval_requests (
  id uuid primary key,
  build_id uuid references builds (id) on delete set null,
  gate text not null check (gate in ('planning', 'development', 'deployment')),
  title text not null,
  description text not null,
  category text not null,
  priority text not null check (priority in ('Critical', 'High', 'Medium', 'Low')),
  context jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'approved', 'denied', 'expired', 'cancelled')),
  created_at timestamptz not null default now(),
  expires_at timestamptz,
  heartbeat_at timestamptz,
  decided_at timestamptz,
  decided_by_user_id bigint references users (id) on delete set null,
  -- Kept as it was at the decision, so the audit trail outlives the account.
  decided_by_email text,
  comment text check (char_length(comment) <= 1000)
);

create index approval_requests_newest on approval_requests (created_at desc, id desc);
create index approval_requests_pending on approval_requests (created_at desc) where status = 'pending';
create index approval_requests_build on approval_requests (build_id);
create index approval_requests_waiting on approval_requests (heartbeat_at) where heartbeat_at is not null;
