// Package preflight has writes protected only by ownership checks.
package preflight

import (
	"context"
	"database/sql"
	"time"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $2 RETURNING fence_token`

func claim(ctx context.Context, db *sql.DB, id int64) (int64, error) {
	var tok int64
	err := db.QueryRowContext(ctx, claimSQL, "me", id).Scan(&tok)
	return tok, err
}

// ReadLease reads the lease row and checks its expiry before writing.
func ReadLease(ctx context.Context, db *sql.DB, id int64) error {
	if _, err := claim(ctx, db, id); err != nil {
		return err
	}
	var until time.Time
	if err := db.QueryRowContext(ctx, `SELECT lease_until FROM jobs WHERE id = $1 AND locked_by = $2`, id, "me").Scan(&until); err != nil {
		return err
	}
	if time.Now().Before(until) {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs after an ownership check that does not fence it`
	}
	return nil
}

// EarlyReturn returns when the lease has expired, then writes.
func EarlyReturn(ctx context.Context, db *sql.DB, id int64, until time.Time) {
	claim(ctx, db, id)
	if time.Until(until) <= 0 {
		return
	}
	db.ExecContext(ctx, `DELETE FROM results WHERE job_id = $1`, id) // want `deletes from results after an ownership check`
}

// Context checks a context the claim has nothing to do with: that says
// nothing about the lease, so the write is unfenced, not preflight.
func Context(ctx context.Context, db *sql.DB, id int64) {
	claim(ctx, db, id)
	if ctx.Err() == nil {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: not a lease context; reported by unfenced
	}
}

// Select polls a context that is not tied to the lease.
func Select(ctx context.Context, db *sql.DB, id int64) {
	claim(ctx, db, id)
	select {
	case <-ctx.Done():
		return
	default:
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: not a lease context; reported by unfenced
}

// stillOwner is the team's own lease check.
//
//fencecheck:probe
func stillOwner(ctx context.Context, id int64) bool { return true }

// Marked uses a function marked as a probe.
func Marked(ctx context.Context, db *sql.DB, id int64) {
	claim(ctx, db, id)
	if stillOwner(ctx, id) {
		db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `after an ownership check`
	}
}

// Fenced checks, then writes with the token: the check is harmless.
func Fenced(ctx context.Context, db *sql.DB, id int64) {
	tok, _ := claim(ctx, db, id)
	if ctx.Err() == nil {
		r, _ := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`, id, tok) // ok: fenced
		_ = r
	}
}

// NoCheck writes with no check at all: unfenced, not preflight.
func NoCheck(ctx context.Context, db *sql.DB, id int64) {
	claim(ctx, db, id)
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: reported by unfenced
}

// NoLease checks a context without holding any lease.
func NoLease(ctx context.Context, db *sql.DB) {
	if ctx.Err() == nil {
		db.ExecContext(ctx, `UPDATE users SET seen = now() WHERE id = 1`) // ok: no lease is held
	}
}
