// Package leaselib takes, renews and releases named leases for its
// callers.
package leaselib

import (
	"context"
	"database/sql"
	"errors"
)

// ErrHeld says the lease is held elsewhere.
var ErrHeld = errors.New("lease held elsewhere")

// Acquire takes the lease for holder.
func Acquire(ctx context.Context, db *sql.DB, name, holder string) error {
	res, err := db.ExecContext(ctx, `UPDATE leases SET holder = $1, expires_at = now() + interval '30 seconds'
		WHERE name = $2 AND (holder IS NULL OR expires_at < now())`, holder, name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrHeld
	}
	return nil
}

// Release gives the lease up by its name alone.
func Release(ctx context.Context, db *sql.DB, name string) error {
	_, err := db.ExecContext(ctx, `UPDATE leases SET holder = NULL, expires_at = NULL WHERE name = $1`, name)
	return err
}

// ReleaseMine gives the lease up only if holder still holds it.
func ReleaseMine(ctx context.Context, db *sql.DB, name, holder string) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE leases SET holder = NULL, expires_at = NULL WHERE name = $1 AND holder = $2`, name, holder)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
