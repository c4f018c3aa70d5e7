// Package locks wraps lock libraries for other packages.
package locks

import (
	"context"
	"database/sql"

	"github.com/go-redsync/redsync/v4"
)

// Lease is a distributed lock behind a small wrapper.
type Lease struct{ m *redsync.Mutex }

// New makes a lease on a mutex.
func New(rs *redsync.Redsync, key string) Lease { return Lease{m: rs.NewMutex("lock/" + key)} }

// Lock takes the lock on the receiver's mutex and returns holding it.
func (l Lease) Lock(ctx context.Context) error { // want Lock:`fence:acquire`
	return l.m.LockContext(ctx)
}

// TryLock checks the failure itself before returning holding the lock.
func (l *Lease) TryLock(ctx context.Context) error { // want TryLock:`fence:acquire`
	if err := l.m.TryLockContext(ctx); err != nil {
		return err
	}
	return nil
}

// Value takes the lock and releases it, deferred, before it returns.
func (l Lease) Value(ctx context.Context) (string, error) {
	if err := l.m.LockContext(ctx); err != nil {
		return "", err
	}
	defer l.m.UnlockContext(ctx)
	return l.m.Value(), nil
}

// Locked takes the lock and releases it through a deferred closure.
func (l Lease) Locked(ctx context.Context) error {
	if err := l.m.LockContext(ctx); err != nil {
		return err
	}
	defer func() { l.m.UnlockContext(ctx) }()
	return nil
}

// Lock claims a lease row by name for the caller.
func Lock(ctx context.Context, db *sql.DB, name, owner string) error { // want Lock:`fence:acquire,claims\(lease_until,owner\)`
	_, err := db.ExecContext(ctx, `UPDATE locks SET owner = $2, lease_until = now() + interval '30 seconds'
		WHERE name = $1 AND lease_until < now()`, name, owner)
	return err
}

// Sweep claims a lease row and does its work under it: a job, not a lock
// wrapper.
func Sweep(ctx context.Context, db *sql.DB, owner string) error {
	if _, err := db.ExecContext(ctx, `UPDATE locks SET owner = $1, lease_until = now() + interval '30 seconds'
		WHERE name = 'sweep' AND lease_until < now()`, owner); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'swept' WHERE state = 'dead' AND fence_token < 10`)
	return err
}

// Acquire takes a lock and returns the function that releases it.
func Acquire(ctx context.Context, rs *redsync.Redsync, key string) (func(), error) { // want Acquire:`fence:acquire`
	m := rs.NewMutex("lock/" + key)
	if err := m.LockContext(ctx); err != nil {
		return nil, err
	}
	return func() { m.UnlockContext(ctx) }, nil
}

// Unlock releases the receiver's mutex.
func (l Lease) Unlock(ctx context.Context) error { // want Unlock:`fence:release`
	_, err := l.m.UnlockContext(ctx)
	return err
}
