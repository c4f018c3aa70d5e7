// Package clientcompare defines an Analyzer that reports fencing tokens
// compared in Go instead of by the sink.
//
// # Analyzer clientcompare
//
// clientcompare: report fencing tokens compared in Go instead of at the sink
//
// Reading the stored token, comparing it with the claim's token in Go,
// then writing without a token predicate leaves a window between the read
// and the write: a newer holder can write in between, and the late write
// overwrites it.
//
// Bad:
//
//	var stored int64
//	db.QueryRowContext(ctx, `SELECT fence_token FROM jobs WHERE id = $1`, id).Scan(&stored)
//	if tok >= stored {
//		db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1`, id, res)
//	}
//
// Good: let the database compare, atomically:
//
//	db.ExecContext(ctx, `UPDATE jobs SET result = $2, fence_token = $3 WHERE id = $1 AND fence_token <= $3`, id, res, tok)
//
// Reading with SELECT … FOR UPDATE in the same transaction as the write is
// correct (the row stays locked until the write commits) and is not
// reported.
package clientcompare
