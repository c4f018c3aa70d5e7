// Package worker runs jobs under leases taken by another package and writes
// through helpers of a third.
package worker

import (
	"context"
	"database/sql"

	"interproc/leases"
	"interproc/store"
)

// Run claims a job and writes through the store.
func Run(ctx context.Context, db *sql.DB, s *store.Store) error {
	l, err := leases.Claim(ctx, db, "w")
	if err != nil {
		return err
	}
	if err := s.Save(ctx, l.JobID, "r"); err != nil { // want `call to \(\*store\.Store\)\.Save writes results via \(\*store\.Store\)\.exec → \(\*sql\.DB\)\.ExecContext without a fencing token`
		return err
	}
	s.SaveFenced(ctx, l.JobID, "r", l.Token) // ok: guarded helper
	s.Append(ctx, l.JobID)                   // ok: append
	s.Cache(ctx, l.JobID)                    // ok: idempotent
	store.Notify(ctx, l.JobID)               // want `call to store\.Notify writes under a lease without a fencing token`
	return nil
}

// Locked takes a marked lock, writes, releases, and writes again.
func Locked(ctx context.Context, s *store.Store) {
	if _, err := leases.Lock(ctx, "x"); err != nil {
		s.Save(ctx, 1, "failed") // ok: the lock was not taken
		return
	}
	s.Save(ctx, 1, "r") // want `call to \(\*store\.Store\)\.Save writes results`
	leases.Unlock(ctx, "x")
	s.Save(ctx, 1, "after") // ok: released
}

// NoLease writes through the store without any lease.
func NoLease(ctx context.Context, s *store.Store) {
	s.Save(ctx, 1, "r") // ok: no lease is held
}

// Handle is run by a job queue under a lease.
//
//fencecheck:handler
func Handle(ctx context.Context, db *sql.DB, id int64) error {
	finish(ctx, db, id)
	return nil
}

// finish is called from the handler, so its writes run under the lease.
func finish(ctx context.Context, db *sql.DB, id int64) {
	db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token \(a worker`
}

// Ignored shows a justified suppression, and one that suppresses nothing.
//
//fencecheck:handler
func Ignored(ctx context.Context, db *sql.DB, id int64) {
	//fencecheck:ignore unfenced the row is rewritten from the source of truth every minute
	db.ExecContext(ctx, `UPDATE dashboard SET n = n + 1 WHERE id = $1`, id)
	db.ExecContext(ctx, `INSERT INTO log (id) VALUES ($1)`, id) //fencecheck:ignore unfenced appends cannot overwrite // want `fencecheck:ignore unfenced suppresses nothing`
}
