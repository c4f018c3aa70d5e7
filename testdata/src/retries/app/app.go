// Package app takes leases and writes through retried operations of
// package store.
package app

import (
	"context"
	"database/sql"

	"retries/store"
)

// Work claims a job through a retried claim and then writes it.
func Work(ctx context.Context, db *sql.DB) error {
	id, _, err := store.Receive(ctx, db, "w1")
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	return err
}

// WorkInBackground writes after a claim that runs in a goroutine.
func WorkInBackground(ctx context.Context, db *sql.DB) error {
	if err := store.ReceiveInBackground(ctx, db, "w1"); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET state = 'running' WHERE id = 1`) // ok: no lease is held when the goroutine's claim returns
	return err
}

// Complete deletes the claimed job through a retried delete.
func Complete(ctx context.Context, db *sql.DB) error {
	id, err := store.ReceiveOne(ctx, db, "w1")
	if err != nil {
		return err
	}
	return store.Delete(ctx, db, id) // want `call to store\.Delete writes jobs via backoff\.Retry → \(\*sql\.DB\)\.ExecContext without a fencing token`
}

// CompleteFenced deletes the claimed job only if its token is current.
func CompleteFenced(ctx context.Context, db *sql.DB) error {
	id, tok, err := store.Receive(ctx, db, "w1")
	if err != nil {
		return err
	}
	return store.DeleteFenced(ctx, db, id, tok) // ok: the delete inside the retry carries the token
}

// Finish marks the claimed job done through a retried update.
func Finish(ctx context.Context, db *sql.DB) error {
	id, _, err := store.Receive(ctx, db, "w1")
	if err != nil {
		return err
	}
	return store.Finish(ctx, db, id) // want `call to store\.Finish`
}
