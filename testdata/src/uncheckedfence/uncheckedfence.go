// Package uncheckedfence has fenced writes whose rejection is ignored.
package uncheckedfence

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"
)

//fencecheck:acquire
func claim(ctx context.Context, id int64) (int64, error) { return 0, nil }

//fencecheck:guarded token=tok
func save(ctx context.Context, id, tok int64) error { return nil }

var errStale = sql.ErrNoRows

const guarded = `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`

// Ignored never looks at RowsAffected.
func Ignored(ctx context.Context, db *sql.DB, id int64) error {
	tok, _ := claim(ctx, id)
	db.ExecContext(ctx, guarded, id, tok) // want `\(\*sql\.DB\)\.ExecContext updates jobs with a fencing token, but RowsAffected is never compared`
	if _, err := db.ExecContext(ctx, guarded, id, tok); err != nil { // want `RowsAffected is never compared`
		return err
	}
	r, err := db.ExecContext(ctx, guarded, id, tok) // want `RowsAffected is never compared`
	if err != nil {
		return err
	}
	r.RowsAffected()
	return nil
}

// Checked compares RowsAffected.
func Checked(ctx context.Context, db *sql.DB, id int64) error {
	tok, _ := claim(ctx, id)
	r, err := db.ExecContext(ctx, guarded, id, tok) // ok: RowsAffected is compared
	if err != nil {
		return err
	}
	if n, err := r.RowsAffected(); err != nil || n == 0 {
		return errStale
	}
	return nil
}

// Returned hands the result to the caller.
func Returned(ctx context.Context, db *sql.DB, id int64) (sql.Result, error) {
	tok, _ := claim(ctx, id)
	return db.ExecContext(ctx, guarded, id, tok) // ok: the caller gets the result
}

// Helper discards the error of a guarded helper.
func Helper(ctx context.Context, id int64) error {
	tok, _ := claim(ctx, id)
	save(ctx, id, tok) // want `call to uncheckedfence\.save writes with a fencing token, but its error is discarded`
	return save(ctx, id, tok) // ok: the error is returned
}

// Pgx compares the command tag.
func Pgx(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tok, _ := claim(ctx, id)
	tag, err := pool.Exec(ctx, guarded, id, tok) // ok: RowsAffected is compared
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return errStale
	}
	pool.Exec(ctx, guarded, id, tok) // want `\(\*pgxpool\.Pool\)\.Exec updates jobs with a fencing token, but RowsAffected is never compared`
	return nil
}

// Gorm reads RowsAffected, or only Error.
func Gorm(ctx context.Context, db *gorm.DB, id int64) error {
	tok, _ := claim(ctx, id)
	res := db.Table("jobs").Where("id = ? AND fence_token <= ?", id, tok).Update("result", "r") // ok: RowsAffected is read
	if res.RowsAffected == 0 {
		return errStale
	}
	if err := db.Table("jobs").Where("id = ? AND fence_token <= ?", id, tok).Update("result", "r").Error; err != nil { // want `\(\*gorm\.DB\)\.Update updates jobs with a fencing token, but RowsAffected is never compared`
		return err
	}
	return nil
}
