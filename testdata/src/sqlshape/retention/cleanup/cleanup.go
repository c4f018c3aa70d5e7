// Package cleanup has retention helpers that delete or mark rows by age
// alone, and one that deletes by key.
package cleanup

import (
	"context"
	"database/sql"
	"time"
)

// Expired deletes expired sessions: by age alone, so no fact says it writes.
func Expired(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`)
	return err
}

// Archive deletes audit rows older than ttl, with the cut-off computed in Go.
func Archive(ctx context.Context, db *sql.DB, ttl time.Duration) error {
	_, err := db.ExecContext(ctx, `DELETE FROM audit WHERE created_at < $1`, time.Now().Add(-ttl))
	return err
}

// MarkStale marks jobs whose lease ran out long ago.
func MarkStale(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'expired', finished_at = now() WHERE lease_until < now() - interval '1 hour' AND state = 'running'`)
	return err
}

// ByKey deletes one session: a key, so the fact says it writes.
func ByKey(ctx context.Context, db *sql.DB, id int64) error { // want ByKey:`fence:writes\(\(\*sql\.DB\)\.ExecContext sessions\)`
	_, err := db.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1 AND expires_at < now()`, id)
	return err
}
