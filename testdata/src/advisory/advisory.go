// Package advisory exercises PostgreSQL advisory locks and MySQL GET_LOCK.
package advisory

import (
	"context"
	"database/sql"
)

// Pooled takes a session lock through a pooled handle.
func Pooled(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, 42)
	db.ExecContext(ctx, `UPDATE reports SET body = $2 WHERE id = $1`, 1, "b") // want `\(\*sql\.DB\)\.ExecContext updates reports under a lease without a fencing token`
	db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, 42)
	db.ExecContext(ctx, `UPDATE reports SET body = $2 WHERE id = $1`, 1, "b") // ok: the lock was released
}

// TryLock only writes when the lock was taken.
func TryLock(ctx context.Context, db *sql.DB) error {
	var ok bool
	if err := db.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, 7).Scan(&ok); err != nil {
		db.ExecContext(ctx, `UPDATE reports SET failed = true WHERE id = $1`, 1) // ok: the lock query failed
		return err
	}
	if ok {
		db.ExecContext(ctx, `UPDATE reports SET body = 'x' WHERE id = $1`, 1) // want `updates reports under a lease`
	}
	return nil
}

// MySQL takes a named lock.
func MySQL(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `SELECT GET_LOCK(?, 10)`, "reports")
	db.ExecContext(ctx, `DELETE FROM reports WHERE id = ?`, 1) // want `deletes from reports under a lease`
	db.ExecContext(ctx, `SELECT RELEASE_LOCK(?)`, "reports")
}

// Xact holds a transaction-scoped lock: writes in the same transaction are
// checked by the database, writes elsewhere are not.
func Xact(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, 9); err != nil {
		return err
	}
	tx.ExecContext(ctx, `UPDATE reports SET body = $2 WHERE id = $1`, 1, "b") // ok: same transaction as the lock
	db.ExecContext(ctx, `UPDATE mirror SET body = $2 WHERE id = $1`, 1, "b")  // want `\(\*sql\.DB\)\.ExecContext updates mirror under a lease`
	if err := tx.Commit(); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE mirror SET synced = true WHERE id = $1`, 1) // ok: the transaction (and its lock) ended
	return nil
}

// ForUpdate claims a row with SELECT … FOR UPDATE SKIP LOCKED in a
// transaction and completes it in the same transaction.
func ForUpdate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE state = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		tx.Rollback()
		return err
	}
	tx.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // ok: the row lock is held by this transaction
	return tx.Commit()
}

// Session takes a session lock on a pinned connection: statements on that
// connection run in the lock's session, others do not.
func Session(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, 3)
	conn.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: same session as the lock
	db.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2)   // want `updates reports under a lease`
	return nil
}

// Deferred unlocks when the function returns: the lock covers the writes.
func Deferred(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, 5)
	defer db.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, 5)
	db.ExecContext(ctx, `UPDATE reports SET body = 'x' WHERE id = $1`, 1) // want `updates reports under a lease`
}
