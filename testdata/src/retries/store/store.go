// Package store claims and writes jobs inside the operations of
// third-party retry helpers.
package store

import (
	"context"
	"database/sql"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
)

const claimSQL = `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '1 minute', fence_token = fence_token + 1
	WHERE id = (SELECT id FROM jobs WHERE lease_until < now() LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, fence_token`

// Receive claims a job inside retry.Do and returns holding its lease.
func Receive(ctx context.Context, db *sql.DB, worker string) (id, tok int64, err error) { // want Receive:`fence:acquire,claims\(fence_token,lease_until,locked_by\)`
	err = retry.Do(func() error {
		return db.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok)
	}, retry.Attempts(3))
	return id, tok, err
}

// ReceiveInBackground runs the same retried claim in a goroutine: the
// caller holds nothing when it returns.
func ReceiveInBackground(ctx context.Context, db *sql.DB, worker string) error {
	go retry.Do(func() error {
		var id, tok int64
		return db.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok)
	})
	return nil
}

// ReceiveOne claims a job inside backoff/v5's Retry, which returns the
// operation's value.
func ReceiveOne(ctx context.Context, db *sql.DB, worker string) (int64, error) { // want ReceiveOne:`fence:acquire,claims\(fence_token,lease_until,locked_by\)`
	return backoff5.Retry(ctx, func() (int64, error) {
		var id, tok int64
		err := db.QueryRowContext(ctx, claimSQL, worker).Scan(&id, &tok)
		return id, err
	}, backoff5.WithMaxTries(3))
}

// Delete deletes a job inside backoff.Retry.
func Delete(ctx context.Context, db *sql.DB, id int64) error { // want Delete:`fence:writes\(backoff\.Retry → \(\*sql\.DB\)\.ExecContext jobs\)`
	return backoff.Retry(func() error {
		_, err := db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err
	}, backoff.NewExponentialBackOff())
}

// DeleteFenced deletes a job inside backoff.Retry if the token is current.
func DeleteFenced(ctx context.Context, db *sql.DB, id, tok int64) error {
	return backoff.Retry(func() error {
		_, err := db.ExecContext(ctx, `DELETE FROM jobs WHERE id = $1 AND fence_token <= $2`, id, tok)
		return err
	}, backoff.NewExponentialBackOff())
}

// Finish marks a job done inside retry.Do.
func Finish(ctx context.Context, db *sql.DB, id int64) error { // want Finish:`fence:writes\(retry\.Do → \(\*sql\.DB\)\.ExecContext jobs\)`
	return retry.Do(func() error {
		_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id)
		return err
	})
}
