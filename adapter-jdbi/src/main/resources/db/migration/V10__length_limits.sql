-- Column sizes for the length limits of dev.tasklane.domain.validation.Limit (issue 9, finding 4). Limits count
-- Unicode code points; H2 counts VARCHAR length in UTF-16 units, so every column holds twice its limit (a
-- character outside the Basic Multilingual Plane takes two units). JdbiColumnLimitsTest compares these sizes with
-- the limits on H2 and PostgreSQL. SET DATA TYPE is understood by both.
ALTER TABLE users ALTER COLUMN username SET DATA TYPE VARCHAR(510);
ALTER TABLE users ALTER COLUMN display_name SET DATA TYPE VARCHAR(510);
ALTER TABLE boards ALTER COLUMN name SET DATA TYPE VARCHAR(510);
ALTER TABLE api_tokens ALTER COLUMN name SET DATA TYPE VARCHAR(510);
ALTER TABLE api_tokens ALTER COLUMN agent_model SET DATA TYPE VARCHAR(510);
ALTER TABLE api_tokens ALTER COLUMN last_agent_name SET DATA TYPE VARCHAR(510);
ALTER TABLE tasks ALTER COLUMN created_by_agent SET DATA TYPE VARCHAR(510);
ALTER TABLE task_history ALTER COLUMN agent_name SET DATA TYPE VARCHAR(510);
