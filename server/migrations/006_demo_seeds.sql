-- Which sample content (D10, SEED_DEMO) a database has been offered, so each is seeded at most once:
-- on a fresh database, and never again after staff deleted it or real data arrived.
create table demo_seeds (
  name text primary key,
  seeded_at timestamptz not null default now()
);
