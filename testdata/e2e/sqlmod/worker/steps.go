package worker

import (
	"context"
	"database/sql"

	"example.com/sqlmod/store"
)

// RunStale takes stale jobs in two steps of package store, then saves
// their results.
func RunStale(ctx context.Context, db *sql.DB) error {
	ids, err := store.FindStale(ctx, db)
	if err != nil {
		return err
	}
	if err := store.Take(ctx, db, ids); err != nil { // ok: the claim itself
		return err
	}
	for _, id := range ids {
		store.Save(ctx, db, id, "r") // finding: unfenced
	}
	return nil
}

// TakeGiven marks jobs it did not select: no claim.
func TakeGiven(ctx context.Context, db *sql.DB, ids []int64) error {
	if err := store.Take(ctx, db, ids); err != nil {
		return err
	}
	return store.Save(ctx, db, ids[0], "r") // ok: no lease is held
}
