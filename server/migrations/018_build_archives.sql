-- Build archives in the database (issue 30), instead of files under OVERSEER_DOWNLOADS_DIR: every
-- server and worker shares the database, so any server serves any download and no folder needs to
-- be shared. An archive is written as a stream of chunks while its zip is produced and read back
-- one chunk at a time, so a large one is never held whole in memory.

-- One row per stored archive. `size` is null while it is being written: a reader never sees a
-- half-written archive (the builds row says whether it is kept; this row says it is complete).
create table build_archives (
  build_id uuid primary key references builds (id) on delete cascade,
  size bigint check (size >= 0),
  chunks integer check (chunks >= 0),
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  check ((size is null) = (completed_at is null) and (size is null) = (chunks is null))
);

-- The archive's bytes in order, `seq` 0, 1, …, each at most 256 KiB (the last one shorter).
create table build_archive_chunks (
  build_id uuid not null references build_archives (build_id) on delete cascade,
  seq integer not null check (seq >= 0),
  data bytea not null,
  primary key (build_id, seq)
);

-- A zip is compressed already: stored out of line without another (pointless) compression attempt.
alter table build_archive_chunks alter column data set storage external;
