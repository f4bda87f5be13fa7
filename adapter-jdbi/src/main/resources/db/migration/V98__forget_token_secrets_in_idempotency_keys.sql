-- A recorded Idempotency-Key answer no longer holds a new token's secret (docs/api.md, "Idempotency-Key"): the answers
-- of POST /api/tokens recorded before hold it in plain text, for up to 24 h. They are forgotten here: a retry with such
-- a key runs again (and mints another token) instead of answering the secret from the database.
DELETE FROM idempotency_keys WHERE body LIKE '%"token":"tasklane\_%' ESCAPE '\';
