-- A password someone else chose (the one-time admin password printed at first start) must be replaced at the
-- first web sign-in. Existing users keep theirs.
ALTER TABLE users ADD COLUMN password_change_required BOOLEAN DEFAULT FALSE NOT NULL;
