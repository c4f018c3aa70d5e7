// Package leaseupkeep renews and releases lock rows under the lease: by
// the lock's name alone the statement acts on whoever holds it now; by
// the holder this acquisition generated, on its own lease only.
package leaseupkeep

import (
	"context"
	"database/sql"
)

const acquireSQL = `UPDATE locks SET locked_by = $2, expires_at = now() + interval '30 seconds'
	WHERE name = $1 AND (locked_by IS NULL OR expires_at < now())`

// ByName renews and releases by the lock's name.
func ByName(ctx context.Context, db *sql.DB, me string) error {
	if _, err := db.ExecContext(ctx, acquireSQL, "job", me); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1`, "job") // want `\(\*sql\.DB\)\.ExecContext updates locks with a guard that does not fence: it renews the lease by name alone, which a newer holder shares: after a takeover it renews the new holder's lease`
	db.ExecContext(ctx, `UPDATE locks SET locked_by = NULL, expires_at = NULL WHERE name = $1`, "job")        // want `updates locks with a guard that does not fence: it releases the lease by name alone, which a newer holder shares: after a takeover it releases the new holder's lease`
	return nil
}

// ByHolder renews and releases with the holder this acquisition chose.
func ByHolder(ctx context.Context, db *sql.DB, me string) error {
	if _, err := db.ExecContext(ctx, acquireSQL, "job", me); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND locked_by = $2`, "job", me)      // ok: a renewal of its own lease
	res, err := db.ExecContext(ctx, `UPDATE locks SET locked_by = NULL, expires_at = NULL WHERE name = $1 AND locked_by = $2`, "job", me) // ok: keyed by this holder
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return sql.ErrNoRows
	}
	return nil
}

// Unleased renews and releases by name with no lease held: not judged.
func Unleased(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1`, "job") // ok: no lease is held here
	db.ExecContext(ctx, `UPDATE locks SET locked_by = NULL WHERE name = $1`, "job")                           // ok: no lease is held here
}
