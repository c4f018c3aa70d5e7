// Package uncheckedfix has unchecked fenced writes with and without a
// mechanically safe fix.
package uncheckedfix

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
)

//fencecheck:acquire
func claim(ctx context.Context, id int64) (int64, error) { return 0, nil }

const guarded = `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`

// SQL gets the RowsAffected check.
func SQL(ctx context.Context, db *sql.DB, id int64) error {
	tok, _ := claim(ctx, id)
	_, err := db.ExecContext(ctx, guarded, id, tok) // want `RowsAffected is never compared`
	if err != nil {
		return err
	}
	return nil
}

// Pgx gets the command-tag check.
func Pgx(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tok, _ := claim(ctx, id)
	_, err := pool.Exec(ctx, guarded, id, tok) // want `RowsAffected is never compared`
	if err != nil {
		return err
	}
	return nil
}

// TwoResults returns more than an error: no fix is offered.
func TwoResults(ctx context.Context, db *sql.DB, id int64) (int, error) {
	tok, _ := claim(ctx, id)
	_, err := db.ExecContext(ctx, guarded, id, tok) // want `RowsAffected is never compared`
	if err != nil {
		return 0, err
	}
	return 1, nil
}
