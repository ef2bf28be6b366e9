-- Which version of the server's questionKeyOf (server/src/questions/questionRepository.ts) made the
-- stored question keys of assistant_questions and assistant_corrections. The keys are the
-- question's words as the docs search reads them; when it reads them differently (issue 32: word
-- forms), a server at start makes them again (rekeyQuestions) and records the version here.
create table assistant_question_keys (
  only_row boolean primary key default true check (only_row),
  version integer not null
);

insert into assistant_question_keys (version) values (1);
