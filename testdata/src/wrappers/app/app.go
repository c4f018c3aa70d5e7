// Package app takes locks through wrappers of its own and of another
// package.
package app

import (
	"context"
	"database/sql"

	"github.com/go-redsync/redsync/v4"

	"wrappers/locks"
	"wrappers/query"
)

type lease struct{ m *redsync.Mutex }

// Lock returns holding the lock on the receiver's mutex.
func (l lease) Lock(ctx context.Context) error { return l.m.LockContext(ctx) }

// Peek takes the lock and releases it, deferred, before returning.
func (l lease) Peek(ctx context.Context) (string, error) {
	if err := l.m.LockContext(ctx); err != nil {
		return "", err
	}
	defer l.m.UnlockContext(ctx)
	return l.m.Value(), nil
}

// LocalWrapper writes after the wrapper returned holding the lock.
func LocalWrapper(ctx context.Context, db *sql.DB, l lease) error {
	if err := l.Lock(ctx); err != nil {
		db.ExecContext(ctx, `UPDATE jobs SET attempts = attempts + 1 WHERE id = 1`) // ok: the lock was not taken
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 1`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// DeferredInWrapper writes after a wrapper that released before returning.
func DeferredInWrapper(ctx context.Context, db *sql.DB, l lease) error {
	if _, err := l.Peek(ctx); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 2`) // ok: Peek released the lock before it returned
	return err
}

// CrossPackage writes after a wrapper of another package took the lock.
func CrossPackage(ctx context.Context, db *sql.DB, rs *redsync.Redsync) error {
	l := locks.New(rs, "job")
	if err := l.Lock(ctx); err != nil {
		db.ExecContext(ctx, `UPDATE jobs SET attempts = attempts + 1 WHERE id = 3`) // ok: the lock was not taken
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 3`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	return err
}

// CrossPackageRow writes after a lease row was claimed by another package.
func CrossPackageRow(ctx context.Context, db *sql.DB) error {
	if err := locks.Lock(ctx, db, "report", "me"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `DELETE FROM reports WHERE day = current_date`) // want `\(\*sql\.DB\)\.ExecContext deletes from reports under a lease`
	return err
}

// CrossPackageDeferred writes after wrappers that released before they
// returned, or that are jobs rather than lock wrappers.
func CrossPackageDeferred(ctx context.Context, db *sql.DB, rs *redsync.Redsync) error {
	l := locks.New(rs, "job")
	if _, err := l.Value(ctx); err != nil {
		return err
	}
	if err := l.Locked(ctx); err != nil {
		return err
	}
	if err := locks.Sweep(ctx, db, "me"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 4`) // ok: no wrapper returned holding a lease
	return err
}

// acquire takes a lock and returns the function that releases it.
func acquire(ctx context.Context, rs *redsync.Redsync, key string) (unlock func(), err error) {
	m := rs.NewMutex(key)
	if err := m.LockContext(ctx); err != nil {
		return nil, err
	}
	return func() { m.UnlockContext(ctx) }, nil
}

// ReleaseByReturnedFunc writes, releases through the returned function, and
// writes again.
func ReleaseByReturnedFunc(ctx context.Context, db *sql.DB, rs *redsync.Redsync) error {
	unlock, err := acquire(ctx, rs, "job")
	if err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = 5`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	unlock()
	_, err = db.ExecContext(ctx, `UPDATE stats SET done = done + 1`) // ok: released by unlock() above
	return err
}

// DeferredReturnedFunc keeps the lease until the function returns.
func DeferredReturnedFunc(ctx context.Context, db *sql.DB, rs *redsync.Redsync) error {
	unlock, err := acquire(ctx, rs, "job")
	if err != nil {
		return err
	}
	defer unlock()
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 6`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	return err
}

// ReleaseInClosure releases through the returned function called by a
// closure it captured.
func ReleaseInClosure(ctx context.Context, db *sql.DB, rs *redsync.Redsync) error {
	unlock, err := acquire(ctx, rs, "job")
	if err != nil {
		return err
	}
	done := func() { unlock() }
	done()
	_, err = db.ExecContext(ctx, `UPDATE stats SET done = done + 1`) // ok: released by done() above
	return err
}

// CrossPackageReturnedFunc releases through the function a wrapper of
// another package returned.
func CrossPackageReturnedFunc(ctx context.Context, db *sql.DB, rs *redsync.Redsync) error {
	unlock, err := locks.Acquire(ctx, rs, "job")
	if err != nil {
		return err
	}
	db.ExecContext(ctx, `DELETE FROM results WHERE job_id = 7`) // want `\(\*sql\.DB\)\.ExecContext deletes from results under a lease`
	unlock()
	_, err = db.ExecContext(ctx, `DELETE FROM results WHERE job_id = 8`) // ok: released by unlock() above
	return err
}

// CrossPackageUnlock releases through a wrapper of another package.
func CrossPackageUnlock(ctx context.Context, db *sql.DB, rs *redsync.Redsync) error {
	l := locks.New(rs, "job")
	if err := l.Lock(ctx); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 9`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	l.Unlock(ctx)
	_, err := db.ExecContext(ctx, `UPDATE stats SET done = done + 1`) // ok: released by the wrapper
	return err
}

// claimOne returns the statement that claims one task.
func claimOne() string {
	return `UPDATE tasks SET locked_by = $1, lease_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM tasks WHERE lease_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`
}

// LocalBuilder claims with SQL text returned by a function of the package.
func LocalBuilder(ctx context.Context, db *sql.DB) error {
	var id int64
	if err := db.QueryRowContext(ctx, claimOne(), "me").Scan(&id); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1 AND fence_token <= $2`, id, 3) // ok: guarded by token compare
	_, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id)                // want `\(\*sql\.DB\)\.ExecContext updates tasks under a lease`
	return err
}

// CrossPackageBuilder claims and writes with SQL text built by another
// package.
func CrossPackageBuilder(ctx context.Context, db *sql.DB, tok int64) error {
	rows, err := db.QueryContext(ctx, query.ClaimTasks(3), "me", 1, 2, 3)
	if err != nil {
		return err
	}
	defer rows.Close()
	db.ExecContext(ctx, query.CompleteTaskFenced(), 1, tok) // ok: guarded by token compare
	_, err = db.ExecContext(ctx, query.CompleteTask(), 1)   // want `\(\*sql\.DB\)\.ExecContext updates tasks under a lease`
	return err
}

// NoClaimBuilder writes with built text and no lease.
func NoClaimBuilder(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, query.CompleteTask(), 1) // ok: no lease is held
	return err
}
