// Package twostep claims rows in two statements: a SELECT of free or
// expired rows whose keys feed an UPDATE that sets the column the SELECT
// tested. The UPDATE is the claim (not an atomic one).
package twostep

import (
	"context"
	"database/sql"
	"time"
)

// ClaimBatch selects free tasks, then claims them.
func ClaimBatch(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT id FROM tasks WHERE claimed_at IS NULL OR claimed_at < $1 LIMIT 10`, time.Now().Add(-5*time.Minute))
	if err != nil {
		return err
	}
	ids := scanIDs(rows)
	if _, err := db.ExecContext(ctx, `UPDATE tasks SET claimed_at = $1 WHERE id = ANY($2)`, time.Now(), ids); err != nil { // ok: the claim itself
		return err
	}
	db.ExecContext(ctx, `UPDATE tasks SET result = 'x' WHERE id = ANY($1)`, ids) // want `\(\*sql\.DB\)\.ExecContext updates tasks under a lease without a fencing token`
	return nil
}

// scanIDs reads the ids of rows.
func scanIDs(rows *sql.Rows) []int64 {
	var ids []int64
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	return ids
}

// ClaimInline runs both statements itself.
func ClaimInline(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT id FROM tasks WHERE claimed_at < $1`, time.Now().Add(-time.Minute))
	if err != nil {
		return err
	}
	ids := scanIDs(rows)
	if _, err := db.ExecContext(ctx, `UPDATE tasks SET claimed_at = now() WHERE id IN (SELECT unnest($1::bigint[]))`, ids); err != nil { // ok: the claim itself
		return err
	}
	db.ExecContext(ctx, `DELETE FROM tasks WHERE id = ANY($1)`, ids) // want `deletes from tasks under a lease`
	return nil
}

// NotFree selects rows by project, not free ones: the UPDATE is no claim.
func NotFree(ctx context.Context, db *sql.DB, project int64) error {
	rows, err := db.QueryContext(ctx, `SELECT id FROM tasks WHERE project = $1`, project)
	if err != nil {
		return err
	}
	rows.Close()
	db.ExecContext(ctx, `UPDATE tasks SET claimed_at = now() WHERE project = $1`, project) // ok: no lease is held
	db.ExecContext(ctx, `UPDATE tasks SET result = 'x' WHERE project = $1`, project)       // ok: no lease is held
	return nil
}

// OtherTable selects free rows of one table and updates another.
func OtherTable(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT id FROM tasks WHERE claimed_at IS NULL`)
	if err != nil {
		return err
	}
	rows.Close()
	db.ExecContext(ctx, `UPDATE audit SET claimed_at = now() WHERE id = $1`, 1) // ok: no lease is held
	db.ExecContext(ctx, `UPDATE audit SET note = 'x' WHERE id = $1`, 1)         // ok: no lease is held
	return nil
}
