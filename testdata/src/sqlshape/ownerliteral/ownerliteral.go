// Package ownerliteral compares a column the claim set: with a parameter it
// is an owner check, with a literal it is a state check that a newer claim
// passes too.
package ownerliteral

import (
	"context"
	"database/sql"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30s' WHERE id = $2 AND locked_by IS NULL RETURNING id`

// check keeps results from being reported as unchecked.
func check(r sql.Result, err error) {
	if n, _ := r.RowsAffected(); n == 0 {
		panic("stale")
	}
}

// Finish claims a job, then writes with owner checks.
func Finish(ctx context.Context, db *sql.DB, id int64, worker string) error {
	if err := db.QueryRowContext(ctx, claimSQL, worker, id).Scan(&id); err != nil {
		return err
	}
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND locked_by = 'worker-1'`, id)) // want `updates jobs with a guard that does not fence: it checks locked_by, which a newer claim passes too`
	check(db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND locked_by = $2`, id, worker)) // ok: an owner check against a parameter
	return nil
}
