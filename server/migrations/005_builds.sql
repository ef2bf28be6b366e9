-- The build pipeline (issue 6, D8): builds, the token use of each of their stages, and agent logs.

-- One build per request to POST /api/overseer/chat. `session_id` is the realtime room it reports
-- to (also registered in session_owners). `stage`, `percentage` and `message` are its latest
-- progress, so a client that missed events can resume; the archive is a file under the downloads
-- directory named by `id`, present only once the build completed.
create table builds (
  id uuid primary key,
  session_id text not null unique,
  owner_key text not null,
  conversation_id uuid references chat_conversations (id) on delete set null,
  model text not null,
  status text not null check (status in ('running', 'completed', 'error')),
  -- The project kind and name chosen at classification; null before it.
  kind text,
  name text,
  stage text not null,
  percentage integer not null check (percentage between 0 and 100),
  message text not null,
  -- Why it failed (status error), as the client was told.
  error text,
  archive_bytes integer,
  archive_files integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz
);

create index builds_owner on builds (owner_key, created_at desc);
create index builds_running on builds (status, updated_at) where status = 'running';

-- Each stage a build ran, with its tokens (gpt-tokenizer, o200k_base): the prompt the stage was
-- given and what it produced. A build is one pipeline iteration of the token usage history.
create table build_stages (
  build_id uuid not null references builds (id) on delete cascade,
  stage text not null,
  position integer not null,
  status text not null check (status in ('completed', 'error', 'timeout')),
  prompt_tokens integer not null default 0,
  completion_tokens integer not null default 0,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  primary key (build_id, stage)
);

-- What the agent modules did, newest first on the Logs page. `module` is an agent module id
-- (overseer-core, clarification-loop, devloop-matrix, file-structure-planner, assembly-agent).
create table agent_logs (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default clock_timestamp(),
  level text not null check (level in ('INFO', 'OWNER', 'WARNING', 'ERROR', 'DEBUG')),
  module text not null,
  message text not null,
  build_id uuid references builds (id) on delete set null
);

create index agent_logs_newest on agent_logs (created_at desc, id desc);
create index agent_logs_build on agent_logs (build_id);
