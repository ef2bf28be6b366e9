-- The development loop of a build: each test run ends an iteration, recorded with the files it
-- changed, its test counts and output tail, and the model's tokens in it (as the provider
-- reported them, else counted). A build without a model has one: its QA run.
create table build_iterations (
  build_id uuid not null references builds (id) on delete cascade,
  iteration integer not null check (iteration >= 1),
  files_changed jsonb not null,
  passed integer not null,
  failed integer not null,
  failing jsonb not null,
  output_tail text not null,
  prompt_tokens integer not null default 0,
  completion_tokens integer not null default 0,
  duration_ms integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (build_id, iteration)
);

-- What a completed build delivered: its files (for the chat's file viewer, owner only, and the
-- project a follow-up build continues) and its tests' QA result. Removed with the archive.
create table build_files (
  build_id uuid not null references builds (id) on delete cascade,
  path text not null,
  content text not null,
  executable boolean not null default false,
  primary key (build_id, path)
);

alter table builds add column tests jsonb;
