// Package identifiers compares identifiers, which are never tokens, and
// counters a claim returned, which are.
package identifiers

import (
	"context"
	"database/sql"
)

const claimSQL = `UPDATE docs SET locked_by = $1, lease_until = now() + interval '1 minute', version = version + 1 WHERE id = $2 RETURNING version`

// Edit claims a document and writes keyed by identifiers.
func Edit(ctx context.Context, db *sql.DB, id int64) error {
	var v int64
	if err := db.QueryRowContext(ctx, claimSQL, "me", id).Scan(&v); err != nil {
		return err
	}
	db.ExecContext(ctx, `DELETE FROM revisions WHERE version_id = $1`, v)                               // want `\(\*sql\.DB\)\.ExecContext deletes from revisions under a lease without a fencing token`
	db.ExecContext(ctx, `UPDATE revisions SET body = 'x' WHERE generation_id <= $1`, v)                 // want `updates revisions under a lease`
	res, err := db.ExecContext(ctx, `DELETE FROM revisions WHERE doc_id = $1 AND version <= $2`, id, v) // ok: version is a token column
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	return nil
}
