-- The Logs page's query (issue 7): a module and/or a level filter and a search word, newest first,
-- 20 a page, with the number of matches. `npm run bench -- logs` measures it over 1,000,000 rows.

-- The filters, then the page's order: a filtered page walks one of these newest first, and the
-- count reads only the filtered rows.
create index agent_logs_module_level on agent_logs (module, level, created_at desc, id desc);
create index agent_logs_level on agent_logs (level, created_at desc, id desc);

-- The search (`message ilike '%word%'`, agentLogRepository) through trigrams: a rare word is found
-- without reading every row of its module and level. pg_trgm ships with PostgreSQL (a trusted
-- extension since 13) and with PGlite (loaded by openPglite). It goes in `public` (or wherever it
-- already is) so that schemas dropped with their tables don't take it along; where it can't be
-- created, the search still works, reading the filtered rows.
do $$
declare
  trgm_schema text;
begin
  -- Test files migrate their own schemas at once: one creates the extension, the others wait.
  perform pg_advisory_xact_lock(hashtext('overseer:create extension pg_trgm'));
  select n.nspname into trgm_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  if trgm_schema is null then
    begin
      create extension pg_trgm schema public;
    exception when others then
      begin
        create extension pg_trgm;
      exception when others then
        raise notice 'pg_trgm is not available (%): the agent log search reads the filtered rows', sqlerrm;
        return;
      end;
    end;
    select n.nspname into trgm_schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  end if;
  execute format('create index agent_logs_message_trgm on agent_logs using gin (message %I.gin_trgm_ops)', trgm_schema);
end
$$;
