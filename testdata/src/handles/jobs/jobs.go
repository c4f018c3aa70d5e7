// Package jobs keeps lock-holding handles inside one package: in a struct
// field, in a helper's parameter, and behind a lock helper.
package jobs

import (
	"context"
	"database/sql"
)

// Job owns the transaction that holds its row lock, and the pool.
type Job struct {
	id int64
	tx *sql.Tx
	db *sql.DB
}

// Dispatch claims a row with FOR UPDATE and hands the transaction to the
// job it builds.
func Dispatch(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE state = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		tx.Rollback()
		return err
	}
	j := &Job{id: id, tx: tx, db: db}
	return j.run(ctx)
}

// run is called under the row lock: through the job's transaction the
// database checks the lock, through the pool it does not.
func (j *Job) run(ctx context.Context) error {
	j.tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, j.id)                 // ok: the job's transaction holds the row lock
	j.db.ExecContext(ctx, `UPDATE stats SET done = done + 1 WHERE id = $1`, j.id) // want `\(\*sql\.DB\)\.ExecContext updates stats under a lease without a fencing token`
	return j.tx.Commit()
}

// claim returns a job holding its row lock: its callers hold the lease.
func claim(ctx context.Context, db *sql.DB) (*Job, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		tx.Rollback()
		return nil, err
	}
	return &Job{id: id, tx: tx, db: db}, nil
}

// Work claims through claim and writes through the pool and the job.
func Work(ctx context.Context, db *sql.DB) error {
	j, err := claim(ctx, db)
	if err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET seen = true WHERE id = $1`, j.id)   // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	j.tx.ExecContext(ctx, `UPDATE jobs SET seen = true WHERE id = $1`, j.id) // ok: the job's transaction holds the row lock
	return j.tx.Commit()
}

// Pay locks an account row and writes through helpers of the package:
// the helper given the locked transaction is fenced, the one given the
// pool is not.
func Pay(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, 1); err != nil {
		return err
	}
	credit(ctx, tx, 1)
	debit(ctx, db, 2)
	return tx.Commit()
}

// credit is only ever given a transaction that holds the lock.
func credit(ctx context.Context, tx *sql.Tx, id int64) {
	tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + 1 WHERE id = $1`, id) // ok: every caller passes the locked transaction
}

// debit writes through the pool.
func debit(ctx context.Context, db *sql.DB, id int64) {
	db.ExecContext(ctx, `UPDATE accounts SET balance = balance - 1 WHERE id = $1`, id) // want `updates accounts under a lease`
}

// Notes takes a session lock on the pool and passes a fresh transaction
// to a helper: the transaction holds no lock.
func Notes(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, 2); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	note(ctx, tx, 1)
	return tx.Commit()
}

// note is given a transaction without a lock.
func note(ctx context.Context, tx *sql.Tx, id int64) {
	tx.ExecContext(ctx, `UPDATE notes SET n = n + 1 WHERE id = $1`, id) // want `updates notes under a lease`
}

// lockSession takes a session lock on conn inside a retry loop.
func lockSession(ctx context.Context, conn *sql.Conn) error {
	return withRetry(func() error {
		_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, 3)
		return err
	})
}

// withRetry calls f until it succeeds, three times at most.
func withRetry(f func() error) (err error) {
	for i := 0; i < 3; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

// Reports takes the session lock through lockSession: the pinned
// connection is fenced, the pool is not.
func Reports(ctx context.Context, db *sql.DB) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := lockSession(ctx, conn); err != nil {
		return err
	}
	conn.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 1) // ok: same session as the lock
	db.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE id = $1`, 2)   // want `updates reports under a lease`
	return nil
}
