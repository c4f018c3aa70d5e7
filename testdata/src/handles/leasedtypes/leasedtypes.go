// Package leasedtypes declares types whose values stand for a lease, and
// types that do not.
package leasedtypes

import (
	"context"
	"database/sql"

	"interproc/leases"
)

// Writer is made only under a lease, with the claimed job's id.
type Writer struct { // want Writer:"fence:underlease"
	db *sql.DB
	id int64
}

// Done writes under the lease: reported in this package, so no writes
// fact is exported for it.
func (w *Writer) Done(ctx context.Context) error {
	_, err := w.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, w.id)
	return err
}

// Shared is made under a lease and outside one.
type Shared struct {
	db *sql.DB
	id int64
}

// Touch writes through the pool; the fact reports the write.
func (s *Shared) Touch(ctx context.Context) error { // want Touch:`fence:writes\(\(\*sql\.DB\)\.ExecContext jobs\)`
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET touched = now() WHERE id = $1`, s.id)
	return err
}

// Run claims a job and hands out both kinds.
func Run(ctx context.Context, db *sql.DB, use func(*Writer, *Shared)) error { // want Run:`fence:sync\(2\)`
	l, err := leases.Claim(ctx, db, "w")
	if err != nil {
		return err
	}
	use(&Writer{db: db, id: l.JobID}, &Shared{db: db, id: l.JobID})
	return nil
}

// Peek makes a Shared outside any lease.
func Peek(db *sql.DB, id int64) *Shared {
	return &Shared{db: db, id: id}
}
