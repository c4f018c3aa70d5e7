// Package upsert takes a lock row with INSERT … ON CONFLICT … DO UPDATE,
// conditioned on the stored lease being free or expired: an acquisition,
// not a write.
package upsert

import (
	"context"
	"database/sql"
)

const (
	acquireSQL = `INSERT INTO locks (name, locked, locked_by, lease_expires_at) VALUES ($1, true, $2, now() + interval '30 seconds')
		ON CONFLICT (name) DO UPDATE SET locked = true, locked_by = $2, lease_expires_at = now() + interval '30 seconds'
		WHERE locks.locked = false OR locks.lease_expires_at < now()
		RETURNING name`
	acquireExecSQL = `INSERT INTO locks (name, holder, expires) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires
		WHERE locks.expires < now()`
)

// Lead takes the lock row, then writes without a token.
func Lead(ctx context.Context, db *sql.DB) error {
	var name string
	if err := db.QueryRowContext(ctx, acquireSQL, "leader", "me").Scan(&name); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE config SET v = $1 WHERE k = 'x'`, "v")                          // want `\(\*sql\.DB\)\.ExecContext updates config under a lease without a fencing token`
	db.ExecContext(ctx, `UPDATE config SET v = $1 WHERE k = 'x' AND locked_by = $2`, "v", "me") // ok: owner check on a column the claim set
	return nil
}

// LeadExec takes the lock row with Exec: the DO UPDATE … WHERE conditions it.
func LeadExec(ctx context.Context, db *sql.DB, until int64) {
	db.ExecContext(ctx, acquireExecSQL, "leader", "me", until)
	db.ExecContext(ctx, `UPDATE config SET v = $1 WHERE k = 'y'`, "v") // want `updates config under a lease`
}

// Handler takes the lock row inside a handler: the claim is not a write;
// its twins, an upsert of results and an unconditional heartbeat, are.
//
//fencecheck:handler
func Handler(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, acquireExecSQL, "leader", "me", 0)                                                                            // ok: an acquisition, not a write
	db.ExecContext(ctx, `INSERT INTO results (k, v) VALUES ($1, $2) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v`, "k", "v")          // want `upserts into results under a lease`
	db.ExecContext(ctx, `INSERT INTO workers (id, heartbeat) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET heartbeat = now()`, 1) // want `upserts into workers under a lease`
}
