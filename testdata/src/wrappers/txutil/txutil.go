// Package txutil runs callbacks: in a transaction, in a retry loop, or
// later.
package txutil

import (
	"context"
	"database/sql"
	"time"
)

// InTx runs fn in a transaction before it returns.
func InTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want InTx:`fence:sync\(2\)`
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Retry calls fn until it succeeds, at most n times.
func Retry(n int, fn func() error) error { // want Retry:`fence:sync\(1\)`
	var err error
	for i := 0; i < n; i++ {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

// RetryTx runs fn in a transaction, retried: through a closure handed to
// Retry.
func RetryTx(ctx context.Context, db *sql.DB, fn func(*sql.Tx) error) error { // want RetryTx:`fence:sync\(2\)`
	return Retry(3, func() error { return InTx(ctx, db, fn) })
}

// Async runs fn in a goroutine: not before it returns.
func Async(fn func()) { go fn() }

var hooks []func()

// OnShutdown registers fn to run later.
func OnShutdown(fn func()) { hooks = append(hooks, fn) }

// Later runs fn after a delay.
func Later(fn func()) { time.AfterFunc(time.Second, fn) }
