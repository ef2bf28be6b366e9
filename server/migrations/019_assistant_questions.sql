-- What visitors ask the assistant, how it answered and how they rated the answer, and the
-- corrections staff make (issue 32): the Questions page of the Architect Suite, and what the
-- offline assistant learns from instead of question sets compiled into it.

-- One row per chat reply: the question it answers (the user message before it), where the answer
-- came from (`docs`: a page and section; `unknown`: 'I don't know'; `reply`: a fixed reply such as
-- a greeting or the pricing note; `model`: an external model, which names no source), and the
-- owner's rating. No visitor identity: the conversation's owner is not copied here. It goes with
-- its reply (an edit, a deletion, the retention sweep).
create table assistant_questions (
  conversation_id uuid not null,
  position integer not null,
  question text not null,
  -- The question's stems, sorted: 'How do I turn on the gates?' and 'how to turn gates on' group together.
  question_key text not null,
  model text not null,
  outcome text not null check (outcome in ('docs', 'unknown', 'reply', 'model')),
  page_path text,
  page_title text,
  section_anchor text,
  section_heading text,
  rating text check (rating in ('helpful', 'not_helpful')),
  comment text check (char_length(comment) <= 1000),
  rated_at timestamptz,
  asked_at timestamptz not null default now(),
  primary key (conversation_id, position),
  foreign key (conversation_id, position) references chat_messages (conversation_id, position) on delete cascade,
  check ((outcome = 'docs') = (page_path is not null)),
  check ((rating is null) = (rated_at is null) and (comment is null or rating is not null))
);

create index assistant_questions_asked_at on assistant_questions (asked_at desc);
create index assistant_questions_key on assistant_questions (question_key);

-- Staff's answer to a question: a docs page and section (`section_anchor` null: the page's
-- introduction), or not covered by the docs (`page_path` null). The assistant answers the question,
-- and close paraphrases of it, so. Undoing keeps the row, with who undid it and when: the list is
-- the log of who decided what. At most one correction in force per question.
create table assistant_corrections (
  id uuid primary key,
  question text not null,
  question_key text not null,
  page_path text,
  page_title text,
  section_anchor text,
  section_heading text,
  created_by bigint references users (id) on delete set null,
  created_by_email text not null,
  created_at timestamptz not null default now(),
  undone_at timestamptz,
  undone_by bigint references users (id) on delete set null,
  undone_by_email text,
  check (section_anchor is null or page_path is not null),
  check ((page_path is null) = (page_title is null) and (section_anchor is null) = (section_heading is null)),
  check ((undone_at is null) = (undone_by_email is null))
);

create unique index assistant_corrections_in_force on assistant_corrections (question_key) where undone_at is null;
create index assistant_corrections_created_at on assistant_corrections (created_at desc);

-- A deleted conversation keeps its questions for undo, as it keeps its messages.
alter table deleted_conversations add column questions jsonb not null default '[]'::jsonb;
