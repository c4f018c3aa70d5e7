// Package consumer processes tasks and jobs from the queue and moves money
// under row locks.
package consumer

import (
	"context"
	"database/sql"

	"example.com/services/queue"
	"example.com/services/txhelper"
)

// Task processes one task.
func Task(ctx context.Context, q *queue.Queue) error {
	t, err := q.Receive(ctx)
	if err != nil {
		return err
	}
	if err := t.Progress(ctx, 50); err != nil { // finding: unfenced
		return err
	}
	return t.Done(ctx) // ok: the task's transaction holds the row lock (inventory: lock)
}

// Job processes one job.
func Job(ctx context.Context, q *queue.Queue) error {
	id, _, err := q.Claim(ctx, "consumer")
	if err != nil {
		return err
	}
	return q.Delete(ctx, id) // finding: unfenced
}

// Purge deletes a job without claiming it.
func Purge(ctx context.Context, q *queue.Queue, id int64) error {
	return q.Delete(ctx, id) // ok: no lease is held (inventory: unscoped)
}

// Credit credits an account whose row it locks.
func Credit(ctx context.Context, db *sql.DB, account int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var balance int64
	if err := tx.QueryRowContext(ctx, `SELECT balance FROM accounts WHERE id = $1 FOR UPDATE`, account).Scan(&balance); err != nil {
		return err
	}
	if err := txhelper.ApplyCredit(ctx, tx, account, 10); err != nil { // ok: the transaction holds the row lock (inventory: lock)
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE accounts SET flagged = true WHERE id = $1`, account); err != nil { // finding: unfenced
		return err
	}
	return tx.Commit()
}

// Migrate runs a one-off change under a session lock on a pinned
// connection.
func Migrate(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := txhelper.SessionLock(ctx, conn, 42); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, `UPDATE settings SET value = 'v2' WHERE key = 'schema'`); err != nil { // ok: the session holds the lock (inventory: lock)
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE settings SET value = 'v2' WHERE key = 'schema_cache'`) // finding: unfenced
	return err
}
