// Package weakguard defines an Analyzer that reports guards that do not
// fence.
//
// # Analyzer weakguard
//
// weakguard: report write guards that do not fence
//
// A guard fences only if the sink compares the stored token with a token
// issued by the claim, and rejects the older one. The analyzer reports:
//
//   - a comparison that points the wrong way (fence_token > $1 accepts
//     older tokens);
//   - a constant token;
//   - a token not issued by the claim: from the clock, random values and
//     UUIDs, or read by a separate query after the lock was taken;
//   - a predicate that checks state or expiry instead of a token
//     (WHERE state = 'running', WHERE lease_until > now()): a newer
//     claim passes the same check;
//   - a Redis Lua script that tests only existence, membership or a
//     removal's count before writing (EXISTS … == 0, LREM … == 0,
//     SISMEMBER), not a token passed in ARGV against the stored one;
//   - a guarded helper (//fencecheck:guarded token=tok, or one the facts
//     found) called with a token that does not come from the claim.
//
// Bad:
//
//	db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token > $3`, id, res, tok)
//	db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token < $3`, id, res, time.Now().UnixNano())
//
// Good:
//
//	db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token <= $3`, id, res, tok)
//
// A DELETE, or an UPDATE that only marks rows, selecting rows by age alone
// (WHERE expires_at < now(), created_at < $1 with a time.Time argument,
// no key) is a retention cleanup: it removes the same rows whichever worker
// runs it, so it is not reported.
//
// When the token's origin cannot be followed (a parameter of an exported
// function called from elsewhere), the analyzer stays silent.
package weakguard
