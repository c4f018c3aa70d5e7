// Package jobs writes under a lease.
package jobs

import (
	"context"
	"database/sql"
)

// Run claims a job and writes without the token.
func Run(ctx context.Context, db *sql.DB, id int64) {
	var tok int64
	if err := db.QueryRowContext(ctx, `UPDATE jobs SET locked_by = 'w', lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $1 RETURNING fence_token`, id).Scan(&tok); err != nil {
		return
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // finding: unfenced
}
