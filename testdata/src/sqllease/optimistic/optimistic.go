// Package optimistic claims job rows with an optimistic update: the row
// moves to running, its version is incremented on the condition that it
// is still the one read, and the row count says whether the claim won.
package optimistic

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var errLost = errors.New("lost the claim")

const claimJob = `UPDATE jobs SET status = 'running', version = version + 1, utime = ? WHERE id = ? AND version = ?`

// Run claims the job and writes under the claim.
func Run(ctx context.Context, db *sql.DB, id, ver int64) error {
	res, err := db.ExecContext(ctx, claimJob, time.Now(), id, ver)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		db.ExecContext(ctx, `UPDATE jobs SET misses = misses + 1 WHERE id = ?`, id) // ok: the claim failed, no lease is held
		return errLost
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = ? WHERE id = ?`, "r", id)                                                            // want `unfenced: \(\*sql\.DB\)\.ExecContext updates jobs`
	done, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'done', version = version + 1 WHERE id = ? AND version = ?`, id, ver+1) // ok: keyed by the version the claim set
	if err != nil {
		return err
	}
	if n, _ := done.RowsAffected(); n == 0 {
		return errLost
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = ? WHERE id = ? AND version = ?`, "r", id, ver+1) // want `uncheckedfence: \(\*sql\.DB\)\.ExecContext updates jobs`
	return nil
}

// Heartbeat claims with a heartbeat column instead of a state.
func Heartbeat(ctx context.Context, db *sql.DB, id, ver int64, worker string) error {
	res, err := db.ExecContext(ctx, `UPDATE jobs SET worker = ?, heartbeat_at = ?, version = ? WHERE id = ? AND version = ?`, worker, time.Now(), ver+1, id, ver)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errLost
	}
	db.ExecContext(ctx, `DELETE FROM outputs WHERE job_id = ?`, id) // want `unfenced: \(\*sql\.DB\)\.ExecContext deletes from outputs`
	return nil
}

// EditDocument is a compare-and-set edit of a document: not a lease, so
// the write after it is under none.
func EditDocument(ctx context.Context, db *sql.DB, id, ver int64) error {
	res, err := db.ExecContext(ctx, `UPDATE docs SET body = ?, version = version + 1, updated_at = ? WHERE id = ? AND version = ?`, "b", time.Now(), id, ver)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLost
	}
	db.ExecContext(ctx, `UPDATE docs SET views = views + 1 WHERE id = ?`, id) // ok: a document edit takes no lease
	return nil
}

// Unchecked never reads the claim's row count: whether it won is unknown,
// so it is no claim.
func Unchecked(ctx context.Context, db *sql.DB, id, ver int64) {
	db.ExecContext(ctx, claimJob, time.Now(), id, ver)
	db.ExecContext(ctx, `UPDATE jobs SET result = ? WHERE id = ?`, "r", id) // ok: no claim is known to have succeeded
}

// StateOnly moves the row to running without a version condition: the
// claim is not conditioned on anything, so it is no claim either.
func StateOnly(ctx context.Context, db *sql.DB, id int64) error {
	res, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'running', version = version + 1 WHERE id = ?`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLost
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = ? WHERE id = ?`, "r", id) // ok: not a claim
	return nil
}

// Finish is called by Claimed under its claim.
func Finish(ctx context.Context, db *sql.DB, id int64) {
	db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = ?`, id) // want `unfenced: \(\*sql\.DB\)\.ExecContext updates jobs`
}

// Claimed claims then calls a helper.
func Claimed(ctx context.Context, db *sql.DB, id, ver int64) error {
	res, err := db.ExecContext(ctx, claimJob, time.Now(), id, ver)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLost
	}
	Finish(ctx, db, id)
	return nil
}

// StateArgument binds the claimed state as an argument.
func StateArgument(ctx context.Context, db *sql.DB, id, ver int64) error {
	res, err := db.ExecContext(ctx, `UPDATE jobs SET status = $1, version = $2 WHERE id = $3 AND version = $4`, "claimed", ver+1, id, ver)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n < 1 {
		return errLost
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = $1 WHERE id = $2`, "r", id)                         // want `unfenced: \(\*sql\.DB\)\.ExecContext updates jobs`
	db.ExecContext(ctx, `UPDATE jobs SET result = $1 WHERE id = $2 AND version = $3`, "r", id, ver+1) // want `uncheckedfence: \(\*sql\.DB\)\.ExecContext updates jobs`
	return nil
}

// NotStarted moves the row back to a state before running: no claim.
func NotStarted(ctx context.Context, db *sql.DB, id, ver int64) error {
	res, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'not_started', version = version + 1 WHERE id = ? AND version = ?`, id, ver)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLost
	}
	db.ExecContext(ctx, `UPDATE jobs SET result = ? WHERE id = ?`, "r", id) // ok: not a claim
	return nil
}

// TransferOwner gives a document a new owner under a version check: an
// edit of the record, not a lease.
func TransferOwner(ctx context.Context, db *sql.DB, id, ver int64, owner string) error {
	res, err := db.ExecContext(ctx, `UPDATE docs SET owner = ?, version = version + 1 WHERE id = ? AND version = ?`, owner, id, ver)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLost
	}
	db.ExecContext(ctx, `UPDATE docs SET views = 0 WHERE id = ?`, id) // ok: not a claim
	return nil
}

// OrderProcessing moves an order to processing under a version check: a
// state other rows take too, so no lease.
func OrderProcessing(ctx context.Context, db *sql.DB, id, ver int64) error {
	res, err := db.ExecContext(ctx, `UPDATE orders SET status = 'processing', version = version + 1, updated_at = ? WHERE id = ? AND version = ?`, time.Now(), id, ver)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLost
	}
	db.ExecContext(ctx, `UPDATE orders SET total = 0 WHERE id = ?`, id) // ok: an order in processing is no lease
	return nil
}

// Visibility toggles a post's flag under a version check: no lease.
func Visibility(ctx context.Context, db *sql.DB, id, ver int64, visible bool) error {
	res, err := db.ExecContext(ctx, `UPDATE posts SET visible = ?, version = version + 1 WHERE id = ? AND version = ?`, visible, id, ver)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errLost
	}
	db.ExecContext(ctx, `UPDATE posts SET views = 0 WHERE id = ?`, id) // ok: a flag is no holder
	return nil
}
