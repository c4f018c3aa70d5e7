// Package queue hands out jobs that own the transaction holding their row
// lock, and takes session locks on connections it is given.
package queue

import (
	"context"
	"database/sql"
)

// Job is a claimed job. Tx is the transaction that holds its row lock.
type Job struct {
	ID int64
	Tx *sql.Tx // want Tx:"fence:lockedhandle"
	db *sql.DB
}

// Claim locks one queued job in a transaction and returns the job holding
// the lock.
func Claim(ctx context.Context, db *sql.DB) (*Job, error) { // want Claim:"fence:acquire"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE state = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		tx.Rollback()
		return nil, err
	}
	return &Job{ID: id, Tx: tx, db: db}, nil
}

// Lookup returns a job without claiming it, so a Job does not stand for
// a lease by itself.
func Lookup(db *sql.DB, id int64) *Job {
	return &Job{ID: id, db: db}
}

// Complete deletes the job in its own transaction: the row lock fences it.
func (j *Job) Complete(ctx context.Context) error {
	if _, err := j.Tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, j.ID); err != nil {
		return err
	}
	return j.Tx.Commit()
}

// Log records progress through the pool, outside the transaction.
func (j *Job) Log(ctx context.Context, msg string) error { // want Log:`fence:writes\(\(\*sql\.DB\)\.ExecContext jobs\)`
	_, err := j.db.ExecContext(ctx, `UPDATE jobs SET progress = $2 WHERE id = $1`, j.ID, msg)
	return err
}

// Batch holds a transaction that is sometimes locked and sometimes not:
// its field carries no lock.
type Batch struct {
	Tx *sql.Tx
}

// LockedBatch opens a batch on a locked row.
func LockedBatch(ctx context.Context, db *sql.DB) (*Batch, error) { // want LockedBatch:"fence:acquire"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, 1); err != nil {
		return nil, err
	}
	return &Batch{Tx: tx}, nil
}

// PlainBatch opens a batch without a lock.
func PlainBatch(ctx context.Context, db *sql.DB) (*Batch, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return &Batch{Tx: tx}, nil
}

// SessionLock takes a session lock on conn, retrying: statements on conn
// afterwards run in the lock's session.
func SessionLock(ctx context.Context, conn *sql.Conn, key int64) error { // want SessionLock:"fence:acquire,locks\\(1\\)"
	return retry(3, func() error {
		_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key)
		return err
	})
}

// ScopedLock takes and releases a session lock before returning: the
// caller holds nothing.
func ScopedLock(ctx context.Context, conn *sql.Conn, key int64) error {
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key); err != nil {
		return err
	}
	defer conn.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, key)
	return nil
}

// retry calls f until it succeeds, at most n times.
func retry(n int, f func() error) (err error) { // want retry:`fence:sync\(1\)`
	for i := 0; i < n; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

// pending holds work to run later.
var pending []func() error

// later keeps f to run after the caller has returned: it does not call it.
func later(f func() error) { pending = append(pending, f) }

// LaterLock hands the locking closure to later, which runs it after
// LaterLock has returned: the caller holds no lock on conn.
func LaterLock(ctx context.Context, conn *sql.Conn, key int64) error { // ok: the closure is only stored, not run before the return
	later(func() error {
		_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key)
		return err
	})
	return nil
}
