-- The server process that took a build's request, the one that stores its outcome (a random id
-- each process draws at start). With REDIS_URL a stop that reaches another process asks that one;
-- when it no longer runs (it crashed), nobody will end the build, and the stop marks it
-- interrupted instead of claiming to stop it. Null for builds taken before this column.
alter table builds add column server_id text;
