-- A build waiting for its requester's answers: the questions its clarification asked, the request
-- and the build it continues (what a resumed run needs), and when it asked (the wait ends after
-- CLARIFICATION_TIMEOUT_MS). Null while it runs, and once answered, skipped or ended. The build
-- holds no process while it waits: its status stays 'running' with no progress, which the stale
-- sweep leaves alone.
alter table builds add column clarification jsonb;
alter table builds add column asked_at timestamptz;
