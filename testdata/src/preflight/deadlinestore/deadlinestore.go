// Package deadlinestore updates jobs behind an interface; one
// implementation returns early when the deadline its caller passes has
// gone by, then writes; the other writes without looking.
package deadlinestore

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Store completes jobs.
type Store interface {
	Complete(ctx context.Context, id int64, deadline time.Time) error
}

// Cleaner archives jobs.
type Cleaner interface {
	Archive(ctx context.Context, id int64) error
}

var errExpired = errors.New("expired")

// expired compares the clock with the caller's deadline.
func expired(deadline time.Time) bool { return time.Now().After(deadline) }

// Checked looks at the deadline before it writes.
type Checked struct{ DB *sql.DB }

// Complete checks the deadline, then writes.
func (s *Checked) Complete(ctx context.Context, id int64, deadline time.Time) error {
	if expired(deadline) {
		return errExpired
	}
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}

// Plain writes without looking.
type Plain struct{ DB *sql.DB }

// Archive writes.
func (s *Plain) Archive(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET archived = true WHERE id = $1`, id)
	return err
}
