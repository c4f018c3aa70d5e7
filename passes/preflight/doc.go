// Package preflight defines an Analyzer that reports writes whose only
// protection is an ownership check made before them.
//
// # Analyzer preflight
//
// preflight: report writes protected only by an ownership check before them
//
// Checking that the lease is still held, then writing, does not fence the
// write: the worker can pass the check, pause, lose the lease, and write
// after a newer holder. The check and the write are two steps; only a
// condition evaluated by the sink, atomically with the write, closes the
// gap.
//
// Bad:
//
//	var until time.Time
//	db.QueryRowContext(ctx, `SELECT lease_until FROM jobs WHERE id = $1 AND locked_by = $2`, id, me).Scan(&until)
//	if time.Now().Before(until) {
//		db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1`, id, res)
//	}
//
// Good: drop the check, carry the claim's token to the write:
//
//	db.ExecContext(ctx, `UPDATE jobs SET result = $2 WHERE id = $1 AND fence_token <= $3`, id, res, tok)
//
// Probes are recognised by what they call: a SQL read of lease columns
// whose result decides the branch, time.Now().Before/After(until),
// time.Until, ctx.Err() and a non-blocking receive from ctx.Done(), and
// functions marked //fencecheck:probe. The write must be reached only
// through the branch the probe decides. A write with no guard and no probe
// is reported by unfenced instead.
package preflight
