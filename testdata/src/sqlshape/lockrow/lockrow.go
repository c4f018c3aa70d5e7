// Package lockrow takes, renews and releases a lock row. A renewal (only
// the expiry moves, and the statement requires holder = $param) is neither
// a claim nor a sink; a release clears the holder with NULL, false or 0.
package lockrow

import (
	"context"
	"database/sql"
)

const (
	acquireSQL = `UPDATE locks SET locked = true, locked_by = $2, expires_at = now() + interval '30 seconds'
		WHERE name = $1 AND (locked = false OR expires_at < now())`
	renewSQL = `UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND locked_by = $2`
)

// Heartbeat renews the caller's lock; it takes no lease.
func Heartbeat(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, renewSQL, "job", "w1")                                  // ok: a renewal is not a sink
	db.ExecContext(ctx, `UPDATE results SET body = 'x' WHERE name = $1`, "job") // ok: a renewal does not take a lease
}

// Takeover is Heartbeat's twin: without holder = $param the statement takes
// an expired lock.
func Takeover(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, `UPDATE locks SET expires_at = now() + interval '30 seconds' WHERE name = $1 AND expires_at < now()`, "job") // ok: the claim itself
	db.ExecContext(ctx, `UPDATE results SET body = 'x' WHERE name = $1`, "job")                                                      // want `updates results under a lease without a fencing token`
}

// RenewUnderLease renews inside its own lease: neither a second claim nor a
// write.
//
//fencecheck:handler
func RenewUnderLease(ctx context.Context, db *sql.DB, expiry int64) {
	db.ExecContext(ctx, renewSQL, "job", "w1")                                                                    // ok: a renewal
	db.ExecContext(ctx, `UPDATE locks SET lease_until = $3 WHERE name = $1 AND holder = $2`, "job", "w1", expiry) // ok: a renewal (an expiry column set from an argument)
	db.ExecContext(ctx, `UPDATE locks SET lease_until = $2 WHERE name = $1`, "job", expiry)                       // ok: a renewal by the lease's name alone is weakguard's
}

// ReleaseFalse releases with locked = false … RETURNING: writes after it are
// not under the lease.
func ReleaseFalse(ctx context.Context, db *sql.DB) error {
	if _, err := db.ExecContext(ctx, acquireSQL, "job", "w1"); err != nil {
		return err
	}
	db.ExecContext(ctx, `UPDATE results SET body = 'x' WHERE name = $1`, "job") // want `updates results under a lease`
	var name string
	if err := db.QueryRowContext(ctx, `UPDATE locks SET locked = false WHERE name = $1 AND locked_by = $2 RETURNING name`, "job", "w1").Scan(&name); err != nil { // ok: owner check on a column the claim set
		return err
	}
	db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE name = $1`, "job") // ok: released above
	return nil
}

// ReleaseZero releases with locked = 0 and a NULL holder.
func ReleaseZero(ctx context.Context, db *sql.DB) {
	db.ExecContext(ctx, acquireSQL, "job", "w1")
	db.ExecContext(ctx, `UPDATE locks SET locked = 0, locked_by = NULL, expires_at = now() WHERE name = $1`, "job") // ok: a release by the lease's name alone is weakguard's
	db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE name = $1`, "job")                                        // ok: released above
}

// NotARelease is the twin: a RETURNING statement that clears nothing
// releases nothing, so the write after it is still under the lease.
func NotARelease(ctx context.Context, db *sql.DB) error {
	db.ExecContext(ctx, acquireSQL, "job", "w1")
	var name string
	if err := db.QueryRowContext(ctx, `UPDATE locks SET note = 'x' WHERE name = $1 AND locked_by = $2 RETURNING name`, "job", "w1").Scan(&name); err != nil { // ok: owner check on a column the claim set
		return err
	}
	db.ExecContext(ctx, `UPDATE stats SET n = n + 1 WHERE name = $1`, "job") // want `updates stats under a lease`
	return nil
}
