package jobs

import (
	"context"
	"database/sql"
	"errors"
)

// ErrStale reports a write the database rejected: a newer claim exists.
var ErrStale = errors.New("stale fencing token")

const claim = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = $2 RETURNING fence_token`

func Finish(ctx context.Context, db *sql.DB, id int64, result string) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, "w", id).Scan(&tok); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, "UPDATE jobs SET result=$2 WHERE id=$1", id, result) // want `without a fencing token \(.*\); path: jobs\.go:16 lease taken by \(\*sql\.DB\)\.QueryRowContext$`
	return err
}

func FinishFenced(ctx context.Context, db *sql.DB, id int64, result string) error {
	var tok int64
	if err := db.QueryRowContext(ctx, claim, "w", id).Scan(&tok); err != nil {
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
