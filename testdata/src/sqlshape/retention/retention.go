// Package retention has cleanup statements run under leases: a DELETE, or
// an UPDATE that only marks rows, selecting rows by age alone removes the
// same rows whichever worker runs it, so it is not a sink write. The twins
// select by a key as well and keep their weakguard findings.
package retention

import (
	"context"
	"database/sql"
	"time"

	"k8s.io/client-go/tools/leaderelection"

	"sqlshape/retention/cleanup"
)

// Sweep is a handler that cleans up by age.
//
//fencecheck:handler
func Sweep(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`)                                             // ok: by age alone
	db.ExecContext(ctx, `DELETE FROM audit WHERE archived_at < now() - interval '400 days'`)                         // ok: by age alone
	db.ExecContext(ctx, `DELETE FROM jobs WHERE state = 'done' AND lease_until < NOW() - INTERVAL '7 days'`)         // ok: a literal state filter is not a key
	db.ExecContext(ctx, `UPDATE jobs SET locked_by = NULL, lease_until = NULL WHERE lease_until < now()`)            // ok: reaps expired leases by age alone
	db.ExecContext(ctx, `UPDATE jobs SET state = 'expired' WHERE lease_until <= CURRENT_TIMESTAMP`)                  // ok: marks rows by age alone
	db.ExecContext(ctx, `DELETE FROM locks WHERE expires_at < datetime('now')`)                                      // ok: SQLite's clock
	db.ExecContext(ctx, `DELETE FROM leases WHERE id IN (SELECT id FROM leases WHERE expires_at < now() LIMIT 100)`) // ok: by age, in a subquery
}

// SweepKeyed is the twin of Sweep: each statement also selects by a key.
//
//fencecheck:handler
func SweepKeyed(ctx context.Context, db *sql.DB, id int64) {
	db.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1 AND expires_at < now()`, id)                        // want `deletes from sessions with a guard that does not fence: it checks expires_at, which a newer claim passes too`
	db.ExecContext(ctx, `UPDATE jobs SET state = 'expired' WHERE id = $1 AND lease_until <= now()`, id)         // want `updates jobs with a guard that does not fence: it checks lease_until`
	db.ExecContext(ctx, `DELETE FROM jobs WHERE lease_until < now() AND locked_by = $1`, "w1")                  // want `deletes from jobs with a guard that does not fence`
	db.ExecContext(ctx, `UPDATE jobs SET state = 'expired', attempts = attempts + 1 WHERE lease_until < now()`) // want `updates jobs with a guard that does not fence: it checks lease_until`
}

// Args compares with a cut-off computed in Go.
//
//fencecheck:handler
func Args(ctx context.Context, db *sql.DB, ttl time.Duration, horizon time.Time) {
	cutoff := time.Now().Add(-ttl)
	db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < $1`, cutoff)             // ok: a time.Time argument
	db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < $1`, cutoff.UnixNano())  // ok: derived from a time.Time
	db.ExecContext(ctx, `DELETE FROM sessions WHERE $1 > expires_at`, horizon)            // ok: mirrored
	db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < ? LIMIT ?`, cutoff, 500) // ok: a batch size is not a key
	db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at > $1`, cutoff)             // want `deletes from sessions with a guard that does not fence: it checks expires_at`
}

// Locked cleans up under an advisory lock.
func Locked(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `SELECT pg_advisory_lock(42)`)
	db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`)                   // ok: by age alone
	db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now() AND owner = $1`, 7) // want `it checks expires_at`
}

// Leader cleans up while it leads.
func Leader(ctx context.Context, db *sql.DB) {
	leaderelection.RunOrDie(ctx, leaderelection.LeaderElectionConfig{
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: func(ctx context.Context) {
				db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now()`)                     // ok: by age alone
				db.ExecContext(ctx, `DELETE FROM sessions WHERE expires_at < now() AND user_id = $1`, 3) // want `it checks expires_at`
			},
		},
	})
}

// Helpers cleans up through another package's helpers.
//
//fencecheck:handler
func Helpers(ctx context.Context, db *sql.DB) {
	cleanup.Expired(ctx, db)            // ok: by age alone, inside the helper
	cleanup.Archive(ctx, db, time.Hour) // ok: by age alone, inside the helper
	cleanup.MarkStale(ctx, db)          // ok: marks by age alone, inside the helper
}
