// Package ownedtx locks rows through a wrapper that opens its own
// transaction, runs its caller's text on it, and hands the transaction
// back inside the job it returns.
package ownedtx

import (
	"context"
	"database/sql"
)

// Client runs queries.
type Client struct{ db *sql.DB }

// Job owns the transaction its wrapper began.
type Job struct {
	ID int64
	tx *sql.Tx
}

// lock begins a transaction, runs query on it and returns the job with the
// transaction still open.
func (c *Client) lock(ctx context.Context, query string) (*Job, error) {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	j := &Job{tx: tx}
	if err := tx.QueryRowContext(ctx, query).Scan(&j.ID); err != nil {
		tx.Rollback()
		return nil, err
	}
	return j, nil
}

// Next locks the next due job and finishes it through the job's
// transaction, and records it through the pool.
func (c *Client) Next(ctx context.Context) error {
	j, err := c.lock(ctx, `SELECT id FROM jobs WHERE state = 'due' LIMIT 1 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	j.tx.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, j.ID)       // ok: the job's transaction holds the row lock
	c.db.ExecContext(ctx, `UPDATE stats SET done = done + 1 WHERE job_id = $1`, j.ID) // want `\(\*sql\.DB\)\.ExecContext updates stats under a lease without a fencing token`
	return j.tx.Commit()
}

// Peeked holds a transaction that was committed.
type Peeked struct {
	ID int64
	tx *sql.Tx
}

// committed runs query on its own transaction and commits before it
// returns: the lock is gone when the caller writes.
func (c *Client) committed(ctx context.Context, query string) (*Peeked, error) {
	tx, err := c.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Commit()
	j := &Peeked{tx: tx}
	if err := tx.QueryRowContext(ctx, query).Scan(&j.ID); err != nil {
		return nil, err
	}
	return j, nil
}

// Peek locks nothing that outlives the wrapper.
func (c *Client) Peek(ctx context.Context) error {
	j, err := c.committed(ctx, `SELECT id FROM jobs WHERE state = 'due' LIMIT 1 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	c.db.ExecContext(ctx, `UPDATE jobs SET seen = true WHERE id = $1`, j.ID) // ok: no lock is held after committed returns
	return nil
}

// Claim locks the next due job and returns it holding the row lock.
func (c *Client) Claim(ctx context.Context) (*Job, error) {
	return c.lock(ctx, `SELECT id FROM jobs WHERE state = 'due' LIMIT 1 FOR UPDATE SKIP LOCKED`)
}

// Finish writes through the job's own transaction.
func (j *Job) Finish(ctx context.Context) error {
	j.tx.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, j.ID) // ok: every Job's transaction holds its row lock
	return j.tx.Commit()
}

// Note writes through the pool it is given.
func (j *Job) Note(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `UPDATE notes SET n = n + 1 WHERE job_id = $1`, j.ID)
}
