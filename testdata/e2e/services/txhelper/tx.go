// Package txhelper runs callbacks in transactions and retries them, and
// applies ledger entries on a caller's transaction.
package txhelper

import (
	"context"
	"database/sql"
	"time"
)

// InTx runs fn in a transaction and commits it.
func InTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Retry calls fn until it succeeds or attempts run out.
func Retry(ctx context.Context, attempts int, fn func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Duration(i) * 100 * time.Millisecond)
	}
	return err
}

// ApplyCredit credits an account on the caller's transaction.
func ApplyCredit(ctx context.Context, tx *sql.Tx, account, amount int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $2 WHERE id = $1`, account, amount)
	return err
}

// SessionLock takes a session-level advisory lock on conn, retrying while
// the server is busy.
func SessionLock(ctx context.Context, conn *sql.Conn, key int64) error {
	return Retry(ctx, 3, func(ctx context.Context) error {
		_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key)
		return err
	})
}
