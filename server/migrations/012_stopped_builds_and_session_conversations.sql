-- The conversation tools (issue 16): a build its owner stopped, and what a realtime session wrote to.

-- A build stopped by its owner (POST /api/overseer-dev/sessions/:sessionId/stop) ends 'stopped':
-- not a failure, and no archive.
alter table builds drop constraint if exists builds_status_check;
alter table builds add constraint builds_status_check check (status in ('running', 'completed', 'error', 'stopped'));

-- The conversation a session's request stored its question in (a chat reply's or a build's), so a
-- client that reloaded mid-reply finds it again from the session id it kept
-- (GET /api/overseer-dev/sessions/:sessionId). Null until it is stored, and after it is deleted.
alter table session_owners add column conversation_id uuid references chat_conversations (id) on delete set null;

-- The stage that was running when its owner stopped the build: its tokens still count.
alter table build_stages drop constraint if exists build_stages_status_check;
alter table build_stages add constraint build_stages_status_check check (status in ('completed', 'error', 'timeout', 'stopped'));
