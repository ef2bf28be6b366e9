-- How the offline assistant's search read a question, when that differs from its words as asked:
-- each word misspelt by one slip of typing read as the docs' word it was meant to be ('aproval
-- gates' → 'approval gates'). The question's key is made from it, so that a misspelt question
-- groups with, and is corrected as, the question spelt right. Null: read as asked (and every
-- question stored before it). It is kept, not made again, so that making the keys again (a new
-- QUESTION_KEY_VERSION) needs no docs.
alter table assistant_questions add column question_read text;
alter table assistant_corrections add column question_read text;
