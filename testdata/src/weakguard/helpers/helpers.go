// Package helpers has a guarded write helper.
package helpers

import (
	"context"
	"database/sql"
)

// Save writes only with a token at least as new as the stored one.
//
//fencecheck:guarded token=tok
func Save(ctx context.Context, db *sql.DB, id int64, tok int64) error { return nil }
