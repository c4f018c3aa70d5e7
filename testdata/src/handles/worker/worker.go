// Package worker uses lock-holding handles obtained from other packages.
package worker

import (
	"context"
	"database/sql"

	"handles/queue"
	"handles/txhelper"
)

// Run claims a job whose transaction holds the row lock: writes through
// that transaction, directly or in helpers, are fenced by the database;
// writes through the pool are not.
func Run(ctx context.Context, db *sql.DB, l *txhelper.Ledger) error {
	j, err := queue.Claim(ctx, db)
	if err != nil {
		return err
	}
	j.Tx.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = $1`, j.ID) // ok: the job's transaction holds the row lock
	if err := j.Log(ctx, "started"); err != nil {                                  // want `call to \(\*queue\.Job\)\.Log writes jobs via \(\*sql\.DB\)\.ExecContext without a fencing token`
		return err
	}
	txhelper.ApplyCredit(ctx, j.Tx, 1, 10)                                 // ok: the helper writes in the locked transaction
	l.Record(ctx, j.Tx, 1)                                                 // want `call to \(\*txhelper\.Ledger\)\.Record writes ledger via \(\*sql\.DB\)\.ExecContext without a fencing token`
	db.ExecContext(ctx, `UPDATE jobs SET seen = true WHERE id = $1`, j.ID) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	return j.Complete(ctx)                                                 // ok: deletes in the locked transaction
}

// Pay locks an account row and credits it through helpers given the
// locked transaction; a second, unlocked transaction is not fenced.
func Pay(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, 1).Scan(&id); err != nil {
		return err
	}
	txhelper.ApplyCredit(ctx, tx, id, 5) // ok: the helper writes in the transaction that holds the row lock
	txhelper.Transfer(ctx, tx, id, 2, 5) // ok: so does the helper it calls
	other, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	txhelper.ApplyCredit(ctx, other, 2, 5) // want `call to txhelper\.ApplyCredit writes accounts via \(\*sql\.Tx\)\.ExecContext without a fencing token`
	other.Commit()
	return tx.Commit()
}

// Sessions takes a session lock through a helper on a pinned connection:
// statements on that connection are fenced, statements on the pool are not.
func Sessions(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := queue.SessionLock(ctx, conn, 7); err != nil {
		db.ExecContext(ctx, `UPDATE reports SET failed = true WHERE id = $1`, 1) // ok: the lock was not taken
		return err
	}
	conn.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: same session as the lock
	db.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2)   // want `\(\*sql\.DB\)\.ExecContext updates reports under a lease`
	return nil
}

// Scoped calls a helper that releases its lock before returning: nothing
// is held afterwards.
func Scoped(ctx context.Context, db *sql.DB, conn *sql.Conn) error {
	if err := queue.ScopedLock(ctx, conn, 7); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2) // ok: no lock is held
	return nil
}
