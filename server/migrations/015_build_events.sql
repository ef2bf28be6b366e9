-- A build's timeline: each step its stages took (a stage's start and end, a model call, a file
-- written with its diff, a test run, a gate's wait), numbered 1, 2, … within the build in the order
-- they happened. The kind's own fields are in `detail`. Removed with the build.
create table build_events (
  build_id uuid not null references builds (id) on delete cascade,
  id integer not null check (id >= 1),
  at timestamptz not null default now(),
  stage text not null,
  type text not null,
  duration_ms integer,
  detail jsonb not null,
  primary key (build_id, id)
);
