// Package ownedtxuse claims through ownedtx's wrapper and writes through
// the job's transaction and through a pool.
package ownedtxuse

import (
	"context"
	"database/sql"

	"handles/ownedtx"
)

// Work claims a job in another package and finishes it.
func Work(ctx context.Context, c *ownedtx.Client, db *sql.DB) error {
	j, err := c.Claim(ctx)
	if err != nil {
		return err
	}
	j.Note(ctx, db)      // want `call to \(\*ownedtx\.Job\)\.Note writes notes via \(\*sql\.DB\)\.ExecContext without a fencing token`
	return j.Finish(ctx) // ok: the job's transaction holds the row lock
}
