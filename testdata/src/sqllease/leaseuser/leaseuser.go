// Package leaseuser holds leases package leaselib takes and releases them
// through it.
package leaseuser

import (
	"context"
	"database/sql"

	"sqllease/leaselib"
)

// Run releases by name alone through the library: the helper's write is
// not fenced, and is reported at the call.
func Run(ctx context.Context, db *sql.DB, name, me string) error {
	if err := leaselib.Acquire(ctx, db, name, me); err != nil {
		return err
	}
	return leaselib.Release(ctx, db, name) // want `unfenced: call to leaselib\.Release writes leases via \(\*sql\.DB\)\.ExecContext`
}

// RunMine releases only its own lease.
func RunMine(ctx context.Context, db *sql.DB, name, me string) error {
	if err := leaselib.Acquire(ctx, db, name, me); err != nil {
		return err
	}
	ok, err := leaselib.ReleaseMine(ctx, db, name, me) // ok: keyed by this holder, the rejection read
	if err == nil && !ok {
		return leaselib.ErrHeld
	}
	return err
}
