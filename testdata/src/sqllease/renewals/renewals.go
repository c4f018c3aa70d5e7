// Package renewals renews and releases the lease rows it claims. Keyed by
// the lease's name alone, a renewal or a release acts on whoever holds
// the lease now; keyed by a value only this claim issued, it acts on its
// own lease only.
package renewals

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

var errHeld = errors.New("lease held elsewhere")

const acquire = `UPDATE leases SET holder = $1, expires_at = now() + interval '30 seconds', fence = fence + 1
	WHERE name = $2 AND (holder IS NULL OR expires_at < now()) RETURNING fence`

// ByName renews and releases by the lease's name alone.
func ByName(ctx context.Context, db *sql.DB, name, me string) error {
	var tok int64
	if err := db.QueryRowContext(ctx, acquire, me, name).Scan(&tok); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE leases SET expires_at = now() + interval '30 seconds' WHERE name = $1`, name)   // want `weakguard: \(\*sql\.DB\)\.ExecContext updates leases`
	db.ExecContext(ctx, `UPDATE leases SET expires_at = $2 WHERE name = $1`, name, time.Now().Add(time.Minute)) // want `weakguard: \(\*sql\.DB\)\.ExecContext updates leases`
	db.ExecContext(ctx, `UPDATE leases SET holder = NULL, expires_at = NULL WHERE name = $1`, name)             // want `weakguard: \(\*sql\.DB\)\.ExecContext updates leases`
	return nil
}

// ByToken renews and releases with the token the claim issued.
func ByToken(ctx context.Context, db *sql.DB, name, me string) error {
	var tok int64
	if err := db.QueryRowContext(ctx, acquire, me, name).Scan(&tok); err != nil {
		return err
	}
	res, err := db.ExecContext(ctx, `UPDATE leases SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND fence = $2`, name, tok) // ok: keyed by the claim's token
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errHeld
	}
	res, err = db.ExecContext(ctx, `UPDATE leases SET holder = NULL, expires_at = NULL WHERE name = $1 AND fence = $2`, name, tok) // ok: keyed by the claim's token
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errHeld
	}
	return nil
}

// ByHolder renews and releases with the holder value this acquisition
// generated.
func ByHolder(ctx context.Context, db *sql.DB, name string, newID func() string) error {
	me := newID()
	res, err := db.ExecContext(ctx, `UPDATE leases SET holder = $1, expires_at = now() + interval '30 seconds' WHERE name = $2 AND (holder IS NULL OR expires_at < now())`, me, name)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errHeld
	}
	db.ExecContext(ctx, `UPDATE leases SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND holder = $2`, name, me) // ok: a renewal of this holder's own lease
	res, err = db.ExecContext(ctx, `UPDATE leases SET holder = NULL WHERE name = $1 AND holder = $2`, name, me)                   // ok: keyed by this holder
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errHeld
	}
	return nil
}

// Completion writes data besides the lease columns: an ordinary write.
func Completion(ctx context.Context, db *sql.DB, name, me string) error {
	var tok int64
	if err := db.QueryRowContext(ctx, acquire, me, name).Scan(&tok); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE leases SET holder = NULL, result = $2 WHERE name = $1`, name, "r") // want `unfenced: \(\*sql\.DB\)\.ExecContext updates leases`
	return nil
}

// Heartbeat renews without holding the lease in this function: it is no
// scope, and nothing is judged.
func Heartbeat(ctx context.Context, db *sql.DB, name string) {
	db.ExecContext(ctx, `UPDATE leases SET expires_at = now() + interval '30 seconds' WHERE name = $1`, name) // ok: no lease is held here
	db.ExecContext(ctx, `UPDATE leases SET holder = NULL WHERE name = $1`, name)                              // ok: no lease is held here
}

// PoolRenew takes the lease row on a pgx pool and renews it by name.
func PoolRenew(ctx context.Context, pool *pgxpool.Pool, name, me string) error {
	tag, err := pool.Exec(ctx, `UPDATE leases SET holder = $1, expires_at = now() + interval '30 seconds'
		WHERE name = $2 AND (holder IS NULL OR expires_at < now())`, me, name)
	if err != nil || tag.RowsAffected() == 0 {
		return errHeld
	}
	pool.Exec(ctx, `UPDATE leases SET expires_at = now() + interval '30 seconds' WHERE name = $1`, name) // want `weakguard: \(\*pgxpool\.Pool\)\.Exec updates leases`
	return nil
}
