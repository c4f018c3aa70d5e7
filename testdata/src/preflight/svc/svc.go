// Package svc writes through a service interface whose implementation
// checks the lease's deadline before it writes.
package svc

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"preflight/leases"
)

// Store updates jobs.
type Store interface {
	Update(ctx context.Context, id int64) error
}

var errExpired = errors.New("lease expired")

// sqlStore checks the deadline it keeps for each job, then writes.
type sqlStore struct {
	db       *sql.DB
	deadline map[int64]time.Time
}

// expired is a probe: the clock against a deadline.
func (s *sqlStore) expired(id int64) bool { return time.Now().After(s.deadline[id]) }

// Update returns early when the lease has expired, then writes.
func (s *sqlStore) Update(ctx context.Context, id int64) error {
	if s.expired(id) {
		return errExpired
	}
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `updates jobs after an ownership check`
	return err
}

// logged wraps another Store.
type logged struct{ inner Store }

// Update forwards to the wrapped store.
func (l logged) Update(ctx context.Context, id int64) error { return l.inner.Update(ctx, id) }

// New returns a logged sqlStore.
func New(db *sql.DB) Store { return logged{inner: &sqlStore{db: db}} }

// Run takes the lease and updates the job through the interface.
func Run(ctx context.Context, st Store, id int64) error {
	if _, err := leases.Acquire(ctx, "svc"); err != nil {
		return err
	}
	return st.Update(ctx, id)
}
