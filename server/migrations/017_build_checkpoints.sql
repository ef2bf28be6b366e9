-- Durable builds. After each stage a build stores what its stages have produced so far (its
-- BuildState: the request's understanding, answers, plan, files, iterations, tests) as a checkpoint,
-- with the tokens spent up to then and the last timeline event it had recorded. A build whose
-- process died resumes from its last checkpoint; a failed build is retried from the checkpoint
-- before the stage that failed. `version` is the checkpoint format: a server reads the versions it
-- knows and refuses a newer one clearly. Removed with the build.
create table build_checkpoints (
  build_id uuid not null references builds (id) on delete cascade,
  position integer not null check (position >= 0),
  stage text not null,
  version integer not null,
  state jsonb not null,
  prompt_tokens integer not null default 0,
  completion_tokens integer not null default 0,
  last_event_id integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (build_id, position)
);

-- What a build's run needs to start again without its request's HTTP call: the request (with its
-- answers), the build it continues, its clarification. Null for builds from before it was kept.
alter table builds add column job jsonb;
-- Runs of the pipeline started for this build since its request, its answers or its last retry:
-- an interrupted run starts again at most BUILD_MAX_ATTEMPTS times.
alter table builds add column attempts integer not null default 0;
-- The stage a failed build can be retried from (a stage that failed, timed out or was interrupted);
-- null for a build that cannot be retried (denied at a gate, stopped, answered, delivered).
alter table builds add column retry_stage text;
-- When the process running the build last said it still does (every few seconds): a build whose
-- heartbeat has lapsed has no process, and another one resumes it.
alter table builds add column heartbeat_at timestamptz;
create index builds_running_heartbeat on builds (heartbeat_at) where status = 'running';
