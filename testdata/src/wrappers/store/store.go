// Package store keeps jobs, in transactions run by another package.
package store

import (
	"context"
	"database/sql"

	"wrappers/txutil"
)

// Store keeps jobs.
type Store struct{ db *sql.DB }

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '1 minute', fence_token = fence_token + 1
	WHERE id = (SELECT id FROM jobs WHERE lease_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, fence_token`

// Receive claims a job inside a transaction and returns holding its lease.
func (s *Store) Receive(ctx context.Context, worker string) (id, tok int64, err error) { // want Receive:`fence:acquire,claims\(fence_token,lease_until,locked_by\)`
	err = txutil.InTx(ctx, s.db, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok)
	})
	return id, tok, err
}

// ReceiveLater claims a job in a goroutine: the caller holds nothing when
// it returns.
func (s *Store) ReceiveLater(ctx context.Context, worker string) error {
	txutil.Async(func() {
		var id int64
		s.db.QueryRowContext(ctx, claimSQL, worker).Scan(&id)
	})
	return nil
}

// Delete deletes a job inside a transaction.
func (s *Store) Delete(ctx context.Context, id int64) error { // want Delete:`fence:writes\(txutil\.InTx → \(\*sql\.Tx\)\.ExecContext jobs\)`
	return txutil.InTx(ctx, s.db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err
	})
}

// DeleteRetried deletes a job inside a retried transaction.
func (s *Store) DeleteRetried(ctx context.Context, id int64) error { // want DeleteRetried:`fence:writes\(txutil\.RetryTx → \(\*sql\.Tx\)\.ExecContext jobs\)`
	return txutil.RetryTx(ctx, s.db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err
	})
}

// DeleteFenced deletes a job inside a transaction if the token is current.
func (s *Store) DeleteFenced(ctx context.Context, id, tok int64) error {
	return txutil.InTx(ctx, s.db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1 AND fence_token <= $2`, id, tok)
		return err
	})
}

// DeleteLater deletes a job at shutdown: the write is not made by the call.
func (s *Store) DeleteLater(ctx context.Context, id int64) {
	txutil.OnShutdown(func() {
		s.db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	})
}
