// Package pglock takes PostgreSQL session locks on a caller's connection,
// behind an interface.
package pglock

import (
	"context"
	"database/sql"
)

// Locker takes a lock on conn.
type Locker interface {
	Lock(ctx context.Context, conn *sql.Conn) error
}

// Advisory takes a session-level advisory lock.
type Advisory struct{ Key int64 }

// Lock takes the lock on conn; it is held until the session ends or
// unlocks it.
func (a Advisory) Lock(ctx context.Context, conn *sql.Conn) error { // want Lock:`fence:acquire,locks\(1\)`
	_, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, a.Key)
	return err
}
