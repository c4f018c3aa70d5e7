// Package skiplocked claims due jobs by selecting them FOR UPDATE SKIP
// LOCKED and moving them to running with a deadline in the same
// transaction: the row lock ends at commit, the lease (the deadline)
// outlives it. It also takes and extends named leases in one upsert.
package skiplocked

import (
	"context"
	"database/sql"
	"errors"
)

var errHeld = errors.New("lease held elsewhere")

// Claim takes one due job and returns its id; the caller works under the
// job's deadline.
func Claim(ctx context.Context, db *sql.DB, worker string) (int64, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'running', worker = $2, deadline = now() + interval '5 minutes' WHERE id = $1`, id, worker); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

// Work claims a job and writes its result on the pool by id alone.
func Work(ctx context.Context, db *sql.DB) error {
	id, err := Claim(ctx, db, "w1")
	if err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r', status = 'done' WHERE id = $1`, id) // want `unfenced: \(\*sql\.DB\)\.ExecContext updates jobs`
	return nil
}

// InTx selects and updates in one transaction, then writes after the
// commit.
func InTx(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		tx.Rollback()
		return err
	}
	tx.ExecContext(ctx, `UPDATE jobs SET status = 'running', deadline = now() + interval '5 minutes' WHERE id = $1`, id) // ok: the row lock guards it
	if err := tx.Commit(); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `unfenced: \(\*sql\.DB\)\.ExecContext updates jobs`
	return nil
}

// LockOnly selects FOR UPDATE and writes in the transaction, setting no
// deadline: the row lock is the whole lease, and it ends at commit.
func LockOnly(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		tx.Rollback()
		return err
	}
	tx.ExecContext(ctx, `UPDATE jobs SET status = 'done', result = 'r' WHERE id = $1`, id) // ok: the row lock guards it
	if err := tx.Commit(); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE stats SET done = done + 1 WHERE id = 1`) // ok: no lease outlives the transaction
	return nil
}

// AcquireOrExtend takes the named lease, or extends it when this worker
// already holds it, in one upsert.
func AcquireOrExtend(ctx context.Context, db *sql.DB, name string, held []int64) error {
	res, err := db.ExecContext(ctx, `INSERT INTO leases (name, expires_at) VALUES ($1, now() + interval '1 minute')
		ON CONFLICT (name) DO UPDATE SET expires_at = now() + interval '1 minute'
		WHERE leases.expires_at < now() OR leases.id = ANY($2)`, name, held)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errHeld
	}
	db.ExecContext(ctx, `UPDATE reports SET body = 'b' WHERE name = $1`, name) // want `unfenced: \(\*sql\.DB\)\.ExecContext updates reports`
	return nil
}
