// Package queue is a PostgreSQL work queue: tasks are claimed by a row lock
// held in the task's own transaction, jobs by a visibility timeout set in a
// transaction helper.
package queue

import (
	"context"
	"database/sql"

	"example.com/services/txhelper"
)

// Queue reads tasks and jobs from PostgreSQL.
type Queue struct {
	db *sql.DB
}

// New returns a queue on db.
func New(db *sql.DB) *Queue { return &Queue{db: db} }

// Task is a claimed task; it owns the transaction that holds its row lock.
type Task struct {
	ID   int64
	Body string
	tx   *sql.Tx
	q    *Queue
}

// Receive claims the next ready task by locking its row in a transaction
// that the returned task keeps.
func (q *Queue) Receive(ctx context.Context) (*Task, error) {
	tx, err := q.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	t := &Task{tx: tx, q: q}
	err = tx.QueryRowContext(ctx, `SELECT id, body FROM tasks WHERE state = 'ready'
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&t.ID, &t.Body)
	if err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	return t, nil
}

// Done deletes the task in its own transaction and commits: the row lock
// makes the database reject a second holder.
func (t *Task) Done(ctx context.Context) error {
	if _, err := t.tx.ExecContext(ctx, `DELETE FROM tasks WHERE id = $1`, t.ID); err != nil { // ok: the transaction holds the row lock (inventory: unscoped)
		return err
	}
	return t.tx.Commit()
}

// Progress records progress through the pool, outside the transaction that
// holds the lock.
func (t *Task) Progress(ctx context.Context, pct int) error {
	_, err := t.q.db.ExecContext(ctx, `UPDATE tasks SET progress = $2 WHERE id = $1`, t.ID, pct)
	return err
}

// Claim claims the next job by moving its visibility timeout, inside a
// transaction helper, and returns the job and its fencing token.
func (q *Queue) Claim(ctx context.Context, me string) (id, token int64, err error) {
	err = txhelper.InTx(ctx, q.db, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '1 minute',
			fence_token = fence_token + 1
			WHERE id = (SELECT id FROM jobs WHERE lease_until < now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id, fence_token`, me).Scan(&id, &token)
	})
	return id, token, err
}

// Delete removes a job, keyed by id only.
func (q *Queue) Delete(ctx context.Context, id int64) error {
	return txhelper.InTx(ctx, q.db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err
	})
}
