// Package ownedtx locks job rows through a wrapper that begins its own
// transaction, runs its caller's SELECT … FOR UPDATE SKIP LOCKED on it and
// hands the transaction back inside the job: writes through the job's
// transaction are fenced by the row lock, writes through the pool are not.
package ownedtx

import (
	"context"
	"database/sql"
)

// Queue hands out due jobs.
type Queue struct{ DB *sql.DB }

// Job owns the transaction its wrapper began.
type Job struct {
	ID int64
	tx *sql.Tx
}

// lock begins a transaction, runs query on it and returns the job with the
// transaction still open.
func (q *Queue) lock(ctx context.Context, query string) (*Job, error) {
	tx, err := q.DB.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	j := &Job{tx: tx}
	if err := tx.QueryRowContext(ctx, query).Scan(&j.ID); err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	return j, nil
}

// Finish locks the next due job, marks it done through its transaction and
// counts it through the pool.
func (q *Queue) Finish(ctx context.Context) error {
	j, err := q.lock(ctx, `SELECT id FROM jobs WHERE state = 'due' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	if _, err := j.tx.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, j.ID); err != nil { // ok: the job's transaction holds the row lock
		return err
	}
	if _, err := q.DB.ExecContext(ctx, `UPDATE job_stats SET done = done + 1 WHERE job_id = $1`, j.ID); err != nil { // finding: unfenced
		return err
	}
	return j.tx.Commit()
}
