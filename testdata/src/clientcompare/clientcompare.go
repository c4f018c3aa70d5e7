// Package clientcompare compares fencing tokens in Go.
package clientcompare

import (
	"context"
	"database/sql"
)

//fencecheck:acquire
func claim(ctx context.Context, id int64) (int64, error) { return 0, nil }

// Compare reads the stored token and compares it in Go.
func Compare(ctx context.Context, db *sql.DB, id int64) error {
	tok, err := claim(ctx, id)
	if err != nil {
		return err
	}
	var stored int64
	if err := db.QueryRowContext(ctx, `SELECT fence_token FROM jobs WHERE id = $1`, id).Scan(&stored); err != nil {
		return err
	}
	if tok < stored {
		return nil
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r', fence_token = $2 WHERE id = $1`, id, tok) // want `\(\*sql\.DB\)\.ExecContext updates jobs after comparing the fencing token in Go`
	return nil
}

// Inside compares inside the branch.
func Inside(ctx context.Context, db *sql.DB, id int64) {
	tok, _ := claim(ctx, id)
	var stored int64
	db.QueryRowContext(ctx, `SELECT fence_token FROM results WHERE job_id = $1`, id).Scan(&stored)
	if stored <= tok {
		db.ExecContext(ctx, `DELETE FROM results WHERE job_id = $1`, id) // want `deletes from results after comparing the fencing token in Go`
	}
}

// ForUpdate reads with FOR UPDATE in the transaction that writes: correct.
func ForUpdate(ctx context.Context, db *sql.DB, id int64) error {
	tok, _ := claim(ctx, id)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var stored int64
	if err := tx.QueryRowContext(ctx, `SELECT fence_token FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&stored); err != nil {
		return err
	}
	if tok < stored {
		return nil
	}
	tx.ExecContext(ctx, `UPDATE jobs SET result = 'r', fence_token = $2 WHERE id = $1`, id, tok) // ok: the row is locked until commit
	return tx.Commit()
}

// AlsoGuarded compares in Go and in the statement: the statement fences.
func AlsoGuarded(ctx context.Context, db *sql.DB, id int64) {
	tok, _ := claim(ctx, id)
	var stored int64
	db.QueryRowContext(ctx, `SELECT fence_token FROM jobs WHERE id = $1`, id).Scan(&stored)
	if stored <= tok {
		r, _ := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1 AND fence_token <= $2`, id, tok) // ok: fenced by the statement
		_ = r
	}
}

// NotAToken compares a non-token column: unfenced's business, not this rule's.
func NotAToken(ctx context.Context, db *sql.DB, id int64) {
	claim(ctx, id)
	var attempts int
	db.QueryRowContext(ctx, `SELECT attempts FROM jobs WHERE id = $1`, id).Scan(&attempts)
	if attempts < 3 {
		db.ExecContext(ctx, `UPDATE jobs SET attempts = attempts + 1 WHERE id = $1`, id) // ok: no token is compared
	}
}
