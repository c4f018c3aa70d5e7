// Package jobs claims jobs under a lease and writes their results: one
// write unfenced, one fenced, one unfenced but suppressed with nolint.
package jobs

import (
	"context"
	"database/sql"
	"errors"
)

// ErrStale reports a write the database rejected: a newer claim exists.
var ErrStale = errors.New("stale fencing token")

// claim takes the job's lease and issues the next fencing token.
const claim = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $2 RETURNING fence_token`

// Finish writes the result without the token: a worker that lost the
// lease can overwrite a newer result.
func Finish(ctx context.Context, db *sql.DB, id int64, result string) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, "worker-1", id).Scan(&tok); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE jobs SET result=$2 WHERE id=$1", id, result) // finding: unfenced
	return err
}

// FinishFenced writes the result only if no newer claim happened.
func FinishFenced(ctx context.Context, db *sql.DB, id int64, result string) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, "worker-1", id).Scan(&tok); err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, "UPDATE jobs SET result=$2 WHERE id=$1 AND fence_token <= $3", id, result, tok)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(ErrStale, err)
	}
	return nil
}

// Touch records progress; the write is unfenced but suppressed.
func Touch(ctx context.Context, db *sql.DB, id int64) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, "worker-1", id).Scan(&tok); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE jobs SET progress=progress+1 WHERE id=$1", id) //nolint:fencecheck // progress is advisory
	return err
}

// Cache is a remote cache whose Put overwrites an entry. .golangci.yml
// declares Put a sink (the sink setting).
type Cache struct{}

// Put stores v under k.
func (c *Cache) Put(ctx context.Context, k, v string) error { return nil }

// Publish caches the result under the lease, without the token.
func Publish(ctx context.Context, db *sql.DB, c *Cache, id int64, result string) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, "worker-1", id).Scan(&tok); err != nil {
		return err
	}
	return c.Put(ctx, "job", result) // finding: unfenced
}
