// Package local declares its interfaces and their implementations in one
// package: a call through the interface runs the implementations' bodies
// under the caller's lease, like a call of a local function.
package local

import (
	"context"
	"database/sql"

	"github.com/go-redsync/redsync/v4"
)

// Locker is a lock.
type Locker interface {
	Lock(ctx context.Context) error
}

// Store saves jobs.
type Store interface {
	Save(ctx context.Context, id int64) error
}

// rlock holds a redsync mutex after Lock.
type rlock struct{ m *redsync.Mutex }

// Lock takes the mutex.
func (l rlock) Lock(ctx context.Context) error { return l.m.LockContext(ctx) }

// pgStore writes without a token.
type pgStore struct{ db *sql.DB }

// Save marks the job done.
func (s pgStore) Save(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// stubStore is a test double: not run under the lease.
type stubStore struct{ db *sql.DB }

// Save writes without a token.
func (s stubStore) Save(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE stubs SET state = 'done' WHERE id = $1`, id) // ok: test doubles do not count
	return err
}

// Run locks and saves through the interfaces.
func Run(ctx context.Context, l Locker, s Store, id int64) error {
	if err := l.Lock(ctx); err != nil {
		return err
	}
	return s.Save(ctx, id)
}
