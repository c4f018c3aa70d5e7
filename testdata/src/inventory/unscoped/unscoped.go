// Package unscoped writes outside any lease: with -all the inventory lists
// those writes, and only then.
package unscoped

import (
	"context"
	"database/sql"
)

// Save writes with no lease held.
func Save(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `^\(\*sql\.DB\)\.ExecContext updates jobs: unscoped: no lease is held here$`
	return err
}

// Dynamic runs a statement it is given, with no lease held.
func Dynamic(ctx context.Context, db *sql.DB, q string) error {
	_, err := db.ExecContext(ctx, q) // want `^call to \(\*sql\.DB\)\.ExecContext: unscoped: no lease is held here; the SQL text is parameter q of unscoped\.Dynamic`
	return err
}
