package worker

import (
	"context"
	"database/sql"
	"time"

	"preflight/leases"
)

// RunInclusive writes after the inclusive check package leases makes.
func RunInclusive(ctx context.Context, db *sql.DB, id int64, at time.Time) {
	l, err := leases.Acquire(ctx, "jobs")
	if err != nil {
		return
	}
	if l.Current() {
		db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `after an ownership check`
	}
	if l.Outlasts(at) {
		db.ExecContext(ctx, `UPDATE jobs SET state = 'late' WHERE id = $1`, id) // ok: Outlasts reads no clock; reported by unfenced
	}
}
