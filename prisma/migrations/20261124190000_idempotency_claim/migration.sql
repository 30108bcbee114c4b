-- A key's live stored answer (lib/reseller/idempotency.ts): the one lookup,
-- for a request refused before its transaction (no claim) and for the claim.
CREATE FUNCTION "idempotency_answer"("answer_scope" TEXT, "answer_key" TEXT, "answer_now" TIMESTAMP(3))
RETURNS TABLE ("request_hash" TEXT, "response_status" INTEGER, "response_body" TEXT, "response_type" TEXT)
STABLE LANGUAGE sql AS $$
    SELECT r."request_hash", r."response_status", r."response_body", r."response_type"
    FROM "idempotency_records" r
    WHERE r."scope" = "answer_scope" AND r."key" = "answer_key" AND r."state" = 'completed' AND r."expires_at" > "answer_now"
$$;

-- The Idempotency-Key's claim and its replay lookup in one round trip. The
-- claim is a transaction-scoped advisory lock; the lookup must see every
-- answer committed before the claim was won. In one plain statement it
-- would not: the statement's snapshot is taken before the lock is tried, so
-- a request whose snapshot predates the first request's commit, and whose
-- try-lock runs just after it, would find the key free and no answer, and
-- charge again. A VOLATILE function takes a fresh snapshot for each query it
-- runs (READ COMMITTED), so its lookup runs after the lock is held and sees
-- the first request's committed answer.
-- Returns no row when the key is held by a running transaction; one row
-- with nulls when it is claimed and has no live answer; one row with the
-- answer otherwise.
CREATE FUNCTION "idempotency_claim"("claim_scope" TEXT, "claim_key" TEXT, "claim_now" TIMESTAMP(3))
RETURNS TABLE ("request_hash" TEXT, "response_status" INTEGER, "response_body" TEXT, "response_type" TEXT)
VOLATILE AS $$
BEGIN
    -- the scope never holds "|", so scope|key names one key; a 64-bit hash collision would only answer a spurious 409
    IF NOT pg_try_advisory_xact_lock(hashtextextended("claim_scope" || '|' || "claim_key", 0)) THEN
        RETURN;
    END IF;
    RETURN QUERY
        SELECT a."request_hash", a."response_status", a."response_body", a."response_type"
        FROM (SELECT 1) AS "claimed"
        LEFT JOIN idempotency_answer("claim_scope", "claim_key", "claim_now") a ON true;
END;
$$ LANGUAGE plpgsql;
