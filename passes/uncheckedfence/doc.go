// Package uncheckedfence defines an Analyzer that reports fenced writes
// whose rejection is never looked at.
//
// # Analyzer uncheckedfence
//
// uncheckedfence: report fenced writes whose rejection is ignored
//
// A fenced write that the sink rejects is how a worker learns it lost the
// lease. If the code never looks (RowsAffected never compared, the error
// of a guarded helper discarded), the stale worker carries on as if it had
// won: it acknowledges the job, sends the email, starts the next step.
//
// Bad:
//
//	db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token <= $3`, id, res, tok)
//
// Good:
//
//	r, err := db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token <= $3`, id, res, tok)
//	if err != nil {
//		return err
//	}
//	if n, err := r.RowsAffected(); err != nil || n == 0 {
//		return fence.ErrStale
//	}
//
// A result that escapes (returned, passed to another function, stored) is
// assumed to be checked there.
package uncheckedfence
