-- Commands sent from the Overseer page's command interface (issue 7, D10): recorded, never
-- executed. Each one is also written to the agent log (module overseer-core, level OWNER) with the
-- sender's e-mail, so the log keeps who sent what after the account is gone; the page lists a
-- user's own commands from here.
create table architect_commands (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id) on delete cascade,
  command text not null check (char_length(command) between 1 and 2000),
  created_at timestamptz not null default now()
);

create index architect_commands_user_newest on architect_commands (user_id, created_at desc, id desc);
