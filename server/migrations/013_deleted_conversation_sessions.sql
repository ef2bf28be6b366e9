-- A deleted conversation's session links: the realtime sessions whose requests stored their
-- questions in it (session_owners.conversation_id, set null by the deletion), so that undo links
-- them again and a client that reloads mid-reply still finds the conversation from its session id.
alter table deleted_conversations add column session_ids text[] not null default '{}';
