// Package worker runs jobs received from a store of another package, whose
// transactions are run by a third.
package worker

import (
	"context"
	"database/sql"

	"github.com/go-redsync/redsync/v4"

	"wrappers/store"
	"wrappers/txutil"
)

// Work receives a job (claimed inside a transaction) and deletes it (inside
// another).
func Work(ctx context.Context, s *store.Store) error {
	id, tok, err := s.Receive(ctx, "w")
	if err != nil {
		s.Delete(ctx, id) // ok: the claim failed
		return err
	}
	s.DeleteFenced(ctx, id, tok) // ok: the write inside the transaction compares the token
	s.DeleteLater(ctx, id)       // ok: the write runs at shutdown, not in the call
	s.DeleteRetried(ctx, id)     // want `call to \(\*store\.Store\)\.DeleteRetried writes jobs via txutil\.RetryTx → \(\*sql\.Tx\)\.ExecContext without a fencing token`
	return s.Delete(ctx, id)     // want `call to \(\*store\.Store\)\.Delete writes jobs via txutil\.InTx → \(\*sql\.Tx\)\.ExecContext without a fencing token`
}

// Later asks for a claim made in a goroutine, then deletes.
func Later(ctx context.Context, s *store.Store) error {
	if err := s.ReceiveLater(ctx, "w"); err != nil {
		return err
	}
	return s.Delete(ctx, 1) // ok: no lease is held here
}

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '1 minute'
	WHERE id = (SELECT id FROM jobs WHERE lease_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`

// ClaimInTx claims inside a transaction callback, then writes.
func ClaimInTx(ctx context.Context, db *sql.DB) error {
	var id int64
	if err := txutil.InTx(ctx, db, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, claimSQL, "w").Scan(&id)
	}); err != nil {
		db.ExecContext(ctx, `UPDATE workers SET idle = idle + 1`) // ok: the claim failed
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	return err
}

// ClaimAsync claims in a goroutine, then writes.
func ClaimAsync(ctx context.Context, db *sql.DB) error {
	txutil.Async(func() {
		var id int64
		db.QueryRowContext(ctx, claimSQL, "w").Scan(&id)
	})
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = 'r' WHERE id = 1`) // ok: the claim runs in a goroutine
	return err
}

// LockRetried takes a lock in a retry loop, then writes.
func LockRetried(ctx context.Context, db *sql.DB, m *redsync.Mutex) error {
	if err := txutil.Retry(3, func() error { return m.LockContext(ctx) }); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 2`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	return err
}

// retryLocal retries fn in a local loop.
func retryLocal(fn func() error) (err error) {
	for i := 0; i < 3; i++ {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

// LockRetriedLocally takes a lock through a local retry loop, then writes.
func LockRetriedLocally(ctx context.Context, db *sql.DB, m *redsync.Mutex) error {
	if err := retryLocal(func() error { return m.LockContext(ctx) }); err != nil {
		db.ExecContext(ctx, `UPDATE workers SET idle = idle + 1`) // ok: the lock was not taken
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 3`) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	return err
}

// TxUnderLease writes inside a transaction callback run under a lease: one
// finding, at the write.
func TxUnderLease(ctx context.Context, db *sql.DB, m *redsync.Mutex) error {
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	defer m.UnlockContext(ctx)
	return txutil.InTx(ctx, db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = 4`) // want `\(\*sql\.Tx\)\.ExecContext updates jobs under a lease`
		return err
	})
}
