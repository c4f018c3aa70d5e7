// Package retentionkeys has the twins of retention cleanups that select by
// something other than age alone: they stay sink writes.
package retentionkeys

import (
	"context"
	"database/sql"
	"time"

	"sqlshape/retention/cleanup"
)

// Purge runs under a lease.
//
//fencecheck:handler
func Purge(ctx context.Context, db *sql.DB, since, stream int64) {
	db.ExecContext(ctx, `DELETE FROM events WHERE created_at < now() - interval '30 days'`)               // ok: by age alone
	db.ExecContext(ctx, `DELETE FROM events WHERE created_at < $1`, time.Now().AddDate(0, 0, -30))        // ok: by age alone
	db.ExecContext(ctx, `DELETE FROM events WHERE created_at < $1`, since)                                // want `\(\*sql\.DB\)\.ExecContext deletes from events under a lease without a fencing token`
	db.ExecContext(ctx, `DELETE FROM events WHERE created_at > now() - interval '1 day'`)                 // want `deletes from events under a lease`
	db.ExecContext(ctx, `DELETE FROM events WHERE stream_id = $1 AND created_at < now()`, stream)         // want `deletes from events under a lease`
	db.ExecContext(ctx, `DELETE FROM events`)                                                             // want `deletes from events under a lease`
	db.ExecContext(ctx, `UPDATE events SET body = $1 WHERE created_at < now()`, "x")                      // want `updates events under a lease`
	db.ExecContext(ctx, `UPDATE events SET archived = true WHERE created_at < now() - interval '1 year'`) // ok: marks rows by age alone
}

// Helpers calls cleanup helpers under a lease.
//
//fencecheck:handler
func Helpers(ctx context.Context, db *sql.DB, id int64) {
	cleanup.Expired(ctx, db)   // ok: by age alone
	cleanup.ByKey(ctx, db, id) // want `call to cleanup\.ByKey writes sessions via \(\*sql\.DB\)\.ExecContext without a fencing token`
}
