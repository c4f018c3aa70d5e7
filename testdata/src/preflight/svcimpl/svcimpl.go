// Package svcimpl implements svcrun.Store: one implementation checks the
// lease's deadline before it writes, one writes with no check.
package svcimpl

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var errExpired = errors.New("lease expired")

// Checked checks the deadline it keeps for each job, then writes.
type Checked struct {
	DB       *sql.DB
	Deadline map[int64]time.Time
}

// expired is a probe: the clock against a deadline.
func (s *Checked) expired(id int64) bool { return time.Now().After(s.Deadline[id]) }

// Update returns early when the lease has expired, then writes.
func (s *Checked) Update(ctx context.Context, id int64) error {
	if s.expired(id) {
		return errExpired
	}
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}

// Unchecked writes with no check.
type Unchecked struct{ DB *sql.DB }

// Update writes.
func (s *Unchecked) Update(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
	return err
}
