-- Idempotency-Key of writes, scoped to the API token (docs/api.md, "Idempotency-Key"). status 0 and body NULL
-- while the first request is running (leased until lease_until); the answer to replay once it answered. Kept
-- until expires_at; the sweeper deletes expired rows (the expiry index).
CREATE TABLE idempotency_keys (
    token_id     BIGINT        NOT NULL,
    idem_key     VARCHAR(255)  NOT NULL,
    fingerprint  VARCHAR(128)  NOT NULL,
    status       INTEGER       NOT NULL,
    body         TEXT,
    location     VARCHAR(2000),
    lease_until  TIMESTAMP WITH TIME ZONE NOT NULL,
    expires_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    revision     BIGINT        NOT NULL,
    CONSTRAINT idempotency_keys_pk PRIMARY KEY (token_id, idem_key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
