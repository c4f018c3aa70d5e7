// Package skipworker works under the deadline package skiplocked's Claim
// gives a job.
package skipworker

import (
	"context"
	"database/sql"

	"sqllease/skiplocked"
)

// Work claims through the other package, then writes by id alone.
func Work(ctx context.Context, db *sql.DB) error {
	id, err := skiplocked.Claim(ctx, db, "w2")
	if err != nil {
		db.ExecContext(ctx, `UPDATE workers SET idle = idle + 1 WHERE name = $1`, "w2") // ok: the claim failed
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `unfenced: \(\*sql\.DB\)\.ExecContext updates jobs`
	return nil
}
