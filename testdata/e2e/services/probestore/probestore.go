// Package probestore updates jobs behind the Store interface; its SQL
// implementation, wrapped in a logging decorator, returns early when the
// caller's lease deadline has passed and then writes: a preflight check,
// which a pause after it defeats.
package probestore

import (
	"context"
	"database/sql"
	"errors"
	"log"
	"time"
)

// Store updates jobs.
type Store interface {
	Complete(ctx context.Context, id int64, deadline time.Time) error
}

// ErrExpired is returned when the lease ran out before the write.
var ErrExpired = errors.New("probestore: lease expired")

// sqlStore writes jobs in SQL.
type sqlStore struct{ db *sql.DB }

// expired reports whether the lease deadline has passed.
func expired(deadline time.Time) bool { return time.Now().After(deadline) }

// Complete checks the deadline, then writes.
func (s *sqlStore) Complete(ctx context.Context, id int64, deadline time.Time) error {
	if expired(deadline) {
		return ErrExpired
	}
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // reported at the interface call of package probeworker
	return err
}

// logged decorates another Store.
type logged struct{ inner Store }

// Complete logs and forwards.
func (l logged) Complete(ctx context.Context, id int64, deadline time.Time) error {
	log.Printf("complete %d", id)
	return l.inner.Complete(ctx, id, deadline)
}

// New returns the SQL store behind its logging decorator.
func New(db *sql.DB) Store { return logged{inner: &sqlStore{db: db}} }
