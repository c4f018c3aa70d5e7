// Package sqlxcase exercises sqlx.
package sqlxcase

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// Job is a job row.
type Job struct {
	ID    int64 `db:"id"`
	Token int64 `db:"fence_token"`
}

const claim = `UPDATE jobs SET locked_until = now() + interval '30s', fence_token = fence_token + 1 WHERE id = ? RETURNING fence_token`

// Write writes through sqlx entry points after a claim.
func Write(ctx context.Context, db *sqlx.DB, j Job) {
	db.QueryRowContext(ctx, db.Rebind(claim), j.ID).Scan(&j.Token)
	db.NamedExec(`UPDATE jobs SET result = :result WHERE id = :id`, j)                           // want `\(\*sqlx\.DB\)\.NamedExec updates jobs under a lease`
	db.NamedExec(`UPDATE jobs SET result = :result WHERE id = :id AND fence_token <= :fence_token`, j) // ok: guarded by token compare
	db.MustExec(db.Rebind(`DELETE FROM results WHERE job_id = ?`), j.ID)                         // want `\(\*sqlx\.DB\)\.MustExec deletes from results under a lease`
	db.ExecContext(ctx, `UPDATE jobs SET n = n + 1 WHERE id = ?`, j.ID)                          // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease`
	sqlx.MustExec(db, `UPDATE jobs SET n = 0 WHERE id = ? AND fence_token <= ?`, j.ID, j.Token)   // ok: guarded by token compare
	stmt, _ := db.Preparex(`UPDATE jobs SET n = 1 WHERE id = ?`)
	stmt.Exec(j.ID) // want `\(\*sql\.Stmt\)\.Exec updates jobs under a lease`
}
