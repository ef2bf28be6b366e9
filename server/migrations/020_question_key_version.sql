-- Which version of the server's questionKeyOf (server/src/questions/questionRepository.ts) made
-- each stored question key of assistant_questions and assistant_corrections; null for the first
-- version. The keys are the question's words as the docs search reads them; when it reads them
-- differently (issue 32: word forms), a server or worker at start makes the keys of older versions
-- again (rekeyQuestions), including keys that an older process wrote after that.
alter table assistant_questions add column key_version integer;
alter table assistant_corrections add column key_version integer;

-- The questions of older versions are found by it; corrections are few and read whole.
create index assistant_questions_key_version on assistant_questions (key_version);
