// Package invdone stands for a package of a library the catalogue models,
// called by another package of the same library.
package invdone

import (
	"context"
	"database/sql"
)

// Complete records a job's completion.
func Complete(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE river_job SET state = 'completed' WHERE id = $1`, id)
	return err
}
