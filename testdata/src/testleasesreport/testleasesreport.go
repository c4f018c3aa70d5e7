// Package testleasesreport is testleases checked with -fencecheck.report-tests:
// the test's own write is reported, the production helper a test calls
// still is not. It has production helpers that its tests call under a
// lease the tests take.
package testleasesreport

import (
	"context"
	"database/sql"

	"interproc/leases"
)

// Save writes a result; only a test calls it under a lease.
func Save(ctx context.Context, db *sql.DB, id int64) {
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // ok: the lease that reaches it is a test's
}

// Finish writes a result; production calls it under a lease.
func Finish(ctx context.Context, db *sql.DB, id int64) {
	db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
}

// Run takes a lease and finishes the job.
func Run(ctx context.Context, db *sql.DB) error {
	l, err := leases.Claim(ctx, db, "prod")
	if err != nil {
		return err
	}
	Finish(ctx, db, l.JobID)
	return nil
}
