// Package txhelper writes in the transaction its caller passes, or through
// its own pool.
package txhelper

import (
	"context"
	"database/sql"
)

// ApplyCredit adds credit to an account in the caller's transaction.
func ApplyCredit(ctx context.Context, tx *sql.Tx, account, amount int64) error { // want ApplyCredit:`fence:writes\(\(\*sql\.Tx\)\.ExecContext accounts\),at\(txhelper\.go:12\),writesthrough\(1\)`
	_, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $2 WHERE id = $1`, account, amount)
	return err
}

// Transfer moves credit between accounts in the caller's transaction.
func Transfer(ctx context.Context, tx *sql.Tx, from, to, amount int64) error { // want Transfer:`fence:writes\(txhelper\.ApplyCredit → \(\*sql\.Tx\)\.ExecContext accounts\),at\(txhelper\.go:12\),writesthrough\(1\)`
	if err := ApplyCredit(ctx, tx, from, -amount); err != nil {
		return err
	}
	return ApplyCredit(ctx, tx, to, amount)
}

// Ledger records movements through its own pool.
type Ledger struct{ DB *sql.DB }

// Record is given the caller's transaction but writes through the pool.
func (l *Ledger) Record(ctx context.Context, tx *sql.Tx, account int64) error { // want Record:`fence:writes\(\(\*sql\.DB\)\.ExecContext ledger\)`
	_, err := l.DB.ExecContext(ctx, `UPDATE ledger SET n = n + 1 WHERE account = $1`, account)
	return err
}
