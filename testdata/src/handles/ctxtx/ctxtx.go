// Package ctxtx runs jobs whose row lock is held by a transaction that
// travels in the context.
package ctxtx

import (
	"context"
	"database/sql"
	"errors"
)

type txKey struct{}

// runKey is a second key, filled with a transaction that holds no lock.
const runKey = "run"

// errNoTx is returned when the context carries no transaction.
var errNoTx = errors.New("ctxtx: no transaction in context")

// Runner handles jobs.
type Runner struct {
	db *sql.DB
}

// Handle locks the job's row, puts the transaction into the context and
// finishes the job through it.
func (r *Runner) Handle(ctx context.Context, id int64) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE id = $1 FOR UPDATE SKIP LOCKED`, id).Scan(&id); err != nil {
		return err
	}
	ctx = context.WithValue(ctx, txKey{}, tx)
	if err := r.finish(ctx, id); err != nil {
		return err
	}
	if err := r.note(ctx, id); err != nil {
		return err
	}
	return tx.Commit()
}

// finish writes on the transaction the context carries.
func (r *Runner) finish(ctx context.Context, id int64) error {
	tx := ctx.Value(txKey{}).(*sql.Tx)
	_, err := tx.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // ok: the context's transaction holds the row lock
	return err
}

// note writes through the getter, and through the pool.
func (r *Runner) note(ctx context.Context, id int64) error {
	tx, err := txFrom(ctx)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET note = 'seen' WHERE id = $1`, id); err != nil { // ok: the context's transaction holds the row lock
		return err
	}
	_, err = r.db.ExecContext(ctx, `UPDATE jobs SET note = 'pool' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// txFrom takes the transaction out of the context.
func txFrom(ctx context.Context) (tx *sql.Tx, err error) {
	var ok bool
	if tx, ok = ctx.Value(txKey{}).(*sql.Tx); ok {
		return
	}
	err = errNoTx
	return
}

// Audit locks a row but puts a transaction without a lock into the
// context under runKey.
func (r *Runner) Audit(ctx context.Context, id int64) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&id); err != nil {
		return err
	}
	other, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	ctx = context.WithValue(ctx, runKey, other)
	if err := r.audit(ctx, id); err != nil {
		return err
	}
	return tx.Commit()
}

// audit writes on the context's transaction, which holds no lock.
func (r *Runner) audit(ctx context.Context, id int64) error {
	tx := ctx.Value(runKey).(*sql.Tx)
	_, err := tx.ExecContext(ctx, `UPDATE jobs SET audited = true WHERE id = $1`, id) // want `\(\*sql\.Tx\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// HandleLocked is Handle as job runners often write it: the transaction
// is rolled back by a deferred closure (so it lives in a variable) and the
// row is locked by a helper.
func (r *Runner) HandleLocked(ctx context.Context, id int64) (err error) {
	var tx *sql.Tx
	tx, err = r.db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer func() { _ = tx.Rollback() }()
	if err = lockJob(ctx, tx, id); err != nil {
		return
	}
	ctx = context.WithValue(ctx, txKey{}, tx)
	if err = r.finish(ctx, id); err != nil {
		return
	}
	return tx.Commit()
}

// lockJob locks the job's row in tx.
func lockJob(ctx context.Context, tx *sql.Tx, id int64) error {
	return tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&id)
}

// Reassigned is HandleLocked with a variable that is assigned twice: the
// context may carry the second transaction, which holds no lock.
func (r *Runner) Reassigned(ctx context.Context, id int64) (err error) {
	var tx *sql.Tx
	tx, err = r.db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	defer func() { _ = tx.Rollback() }()
	if err = lockJob(ctx, tx, id); err != nil {
		return
	}
	tx, err = r.db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	ctx = context.WithValue(ctx, runKey, tx)
	return r.audit(ctx, id)
}

// scoped holds the transaction a getter took out of the context.
type scoped struct{ tx *sql.Tx }

// Nested locks the row, puts the transaction into the context, and
// finishes the job in a goroutine that keeps the transaction in a struct.
func (r *Runner) Nested(ctx context.Context, id int64) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE id = $1 FOR UPDATE SKIP LOCKED`, id).Scan(&id); err != nil {
		return err
	}
	ctx = context.WithValue(ctx, txKey{}, tx)
	done := make(chan error)
	go func() {
		s := &scoped{tx: ctx.Value(txKey{}).(*sql.Tx)}
		_, err := s.tx.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // ok: the context's transaction holds the row lock
		done <- err
	}()
	if err := <-done; err != nil {
		return err
	}
	return tx.Commit()
}
