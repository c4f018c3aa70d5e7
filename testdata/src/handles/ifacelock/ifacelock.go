// Package ifacelock takes a session lock through an interface and writes
// on the locked connection and on the pool.
package ifacelock

import (
	"context"
	"database/sql"

	"handles/pglock"
)

// Migrate locks a connection through l and migrates.
func Migrate(ctx context.Context, db *sql.DB, l pglock.Locker) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := l.Lock(ctx, conn); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, `UPDATE settings SET v = 2 WHERE k = 'schema'`); err != nil { // ok: the session holds the lock
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE settings SET v = 2 WHERE k = 'cache'`) // want `\(\*sql\.DB\)\.ExecContext updates settings under a lease without a fencing token`
	return err
}

// New returns the advisory locker.
func New() pglock.Locker { return pglock.Advisory{Key: 42} }
