// Package unfenced defines an Analyzer that reports sink writes made under
// a lease without a fencing token.
//
// # Analyzer unfenced
//
// unfenced: report sink writes under a lease with no fencing-token guard
//
// A worker that holds a lease (a claimed job, an advisory lock, a handler
// run by a job queue) can pause, lose the lease, be replaced, and resume
// late. If its final write is accepted unconditionally, the late worker
// overwrites the newer worker's result. Only a fencing token stops it: the
// claim issues a strictly increasing token and the write carries it, so the
// sink rejects a token older than the newest it accepted.
//
// Bad:
//
//	var tok int64
//	db.QueryRowContext(ctx, `UPDATE jobs SET locked_until = now() + interval '30s',
//	    fence_token = fence_token + 1 WHERE id = $1 RETURNING fence_token`, id).Scan(&tok)
//	// ... work; the worker may pause here past its lease ...
//	db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1`, id, res)
//
// Good:
//
//	db.ExecContext(ctx, `UPDATE jobs SET result = $2, fence_token = $3
//	    WHERE id = $1 AND fence_token <= $3`, id, res, tok)
//
// The report sits at the write. When the write is inside a helper of
// another package, it sits at the call made under the lease and names the
// path to the write. Writes whose SQL text cannot be resolved statically,
// plain INSERTs (appends), and writes in a transaction that holds a
// transaction-scoped lock (pg_advisory_xact_lock, SELECT … FOR UPDATE) are
// not reported. Functions marked //fencecheck:idempotent are exempt, and
// //fencecheck:ignore unfenced REASON suppresses one finding.
package unfenced
