-- The conversation tools of the assistant's history: a title the owner chose, deletion that can be
-- undone for a moment, and read-only share links.

-- A title the owner gave the conversation; null keeps the default (`title`, the first message).
-- The history shows coalesce(custom_title, title), and search weighs that one as the title.
alter table chat_conversations add column custom_title text;

-- A deleted conversation, kept only while its deletion can be undone. Deleting removes the
-- conversation (with its messages and share link) from chat_conversations at once, so it is gone
-- from the history, search, builds and downloads right away; this row holds a copy of what was
-- removed (each row as JSON, as `to_jsonb` writes it) so that undo puts the same rows back. The
-- builds the conversation had are listed so their archives are not swept while it can come back.
-- Rows older than the undo window are deleted by the chat's sweep; the archives go after them.
create table deleted_conversations (
  id uuid primary key,
  owner_key text not null,
  deleted_at timestamptz not null,
  conversation jsonb not null,
  messages jsonb not null,
  shares jsonb not null default '[]'::jsonb,
  build_ids uuid[] not null default '{}'
);

create index deleted_conversations_deleted_at on deleted_conversations (deleted_at);

-- A read-only snapshot of a conversation, public to whoever has its link. The link's token is
-- 256 random bits; only its SHA-256 (hex) is stored. One link per conversation: a new link
-- replaces the old one. Revoking deletes the row, snapshot and all; so does deleting the
-- conversation.
create table conversation_shares (
  token_hash text primary key,
  conversation_id uuid not null unique references chat_conversations (id) on delete cascade,
  title text not null,
  -- [{ role, content }], oldest first, as they were when the link was made.
  messages jsonb not null,
  created_at timestamptz not null default now()
);
