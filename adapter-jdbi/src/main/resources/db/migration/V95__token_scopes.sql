-- A token carries the scopes it was minted with (docs/security.md): what it may do is those scopes intersected with
-- its user's membership of its board. Tokens minted before scopes get an agent's (read and work), and the review
-- scope where they had the reviewer flag; the bootstrap token keeps every scope. An admin's other tokens no longer
-- carry the admin's whole authority: mint one with server:admin from a signed-in session where it is needed.
-- The reviewer column stays, written as "carries tasks:review", for readers that predate this one.
ALTER TABLE api_tokens ADD COLUMN scopes VARCHAR(200);
UPDATE api_tokens SET scopes = CASE WHEN reviewer THEN 'tasks:read,tasks:work,tasks:review' ELSE 'tasks:read,tasks:work' END;
UPDATE api_tokens SET scopes = 'tasks:read,tasks:work,tasks:review,board:admin,server:admin'
    WHERE name = 'bootstrap' AND user_id IN (SELECT id FROM users WHERE role = 'ADMIN' AND username = 'admin');
ALTER TABLE api_tokens ALTER COLUMN scopes SET NOT NULL;
