-- The assistant chat (issue 5, D7): conversations, their messages, and who owns a realtime session.
--
-- An owner key is `user:<id>` for a signed-in user or `visitor:<sha256 of the visitor cookie, hex>`
-- for an anonymous visitor: the cookie itself is never stored.

-- A conversation is one row; its turns are rows of chat_messages in `position` order. `title` is
-- the first user message (trimmed, at most 200 characters). `search_vector` covers the title
-- (weight A) and every message and reply (weight B, capped in code); the service rewrites it with
-- each new turn, in the same transaction.
create table chat_conversations (
  id uuid primary key,
  owner_key text not null,
  title text not null,
  status text not null check (status in ('completed', 'error', 'processing')),
  -- The model of the latest reply.
  model text not null,
  -- Why the latest reply failed (status error); null otherwise.
  error text,
  message_count integer not null default 0,
  search_vector tsvector not null default ''::tsvector,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- History is listed per owner, newest first.
create index chat_conversations_owner_updated on chat_conversations (owner_key, updated_at desc, id);
create index chat_conversations_search on chat_conversations using gin (search_vector);

-- A reply (role assistant) records its model, token counts (gpt-tokenizer) and whether it was stopped.
create table chat_messages (
  conversation_id uuid not null references chat_conversations (id) on delete cascade,
  position integer not null,
  role text not null check (role in ('user', 'assistant')),
  content text not null,
  model text,
  prompt_tokens integer,
  completion_tokens integer,
  stopped boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (conversation_id, position)
);

-- Who owns a realtime session id (the socket.io room a client subscribes to). Chat replies register
-- theirs; build requests can register theirs the same way (kind 'build'). Rows older than a week
-- are swept.
create table session_owners (
  session_id text primary key,
  owner_key text not null,
  kind text not null,
  created_at timestamptz not null default now()
);

create index session_owners_created on session_owners (created_at);
