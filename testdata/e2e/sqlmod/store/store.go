// Package store writes results through database/sql.
package store

import (
	"context"
	"database/sql"
)

// Save overwrites a result with no token.
func Save(ctx context.Context, db *sql.DB, id int64, body string) error {
	_, err := db.ExecContext(ctx, `UPDATE results SET body = $2 WHERE job_id = $1`, id, body)
	return err
}

// SaveFenced writes a result only with a token at least as new as the stored one.
func SaveFenced(ctx context.Context, db *sql.DB, id int64, body string, tok int64) error {
	_, err := db.ExecContext(ctx, `UPDATE results SET body = $2, fence_token = $3 WHERE job_id = $1 AND fence_token <= $3`, id, body, tok)
	return err
}
