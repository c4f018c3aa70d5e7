package usessql // want `analysed`

import (
	"context"
	"database/sql"
)

// Save writes.
func Save(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `UPDATE t SET a = 1 WHERE id = 1`)
}
