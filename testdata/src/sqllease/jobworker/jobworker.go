// Package jobworker holds the claims package jobstore takes and writes
// through its helpers.
package jobworker

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"

	"sqllease/jobstore"
)

// Work claims the job, then writes its result by id alone.
func Work(ctx context.Context, db *sql.DB, id, ver int64) error {
	ok, err := jobstore.Claim(ctx, db, id, ver)
	if err != nil || !ok {
		jobstore.SaveResult(ctx, db, id, "lost") // ok: the claim failed
		return err
	}
	jobstore.SaveResult(ctx, db, id, "r") // want `unfenced: call to jobstore\.SaveResult writes jobs via \(\*sql\.DB\)\.ExecContext`
	if ok, err := jobstore.SaveResultVersioned(ctx, db, id, ver+1, "r"); err != nil || !ok {
		return err // ok: keyed by the version the claim set, rejection checked
	}
	jobstore.SaveResultVersioned(ctx, db, id, ver+1, "again") // want `uncheckedfence: call to jobstore\.SaveResultVersioned writes`
	return nil
}

// WorkPgx claims through pgx and writes on the pool.
func WorkPgx(ctx context.Context, pool *pgxpool.Pool, id, ver int64) error {
	if ok, err := jobstore.ClaimPgx(ctx, pool, id, ver); err != nil || !ok {
		return err
	}
	pool.Exec(ctx, `DELETE FROM outputs WHERE job_id = $1`, id) // want `unfenced: \(\*pgxpool\.Pool\)\.Exec deletes from outputs`
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND version = $2`, id, ver+1)
	if err != nil || tag.RowsAffected() == 0 {
		return err // ok: fenced, rejection checked
	}
	return nil
}

// NoClaim writes without claiming: no lease.
func NoClaim(ctx context.Context, db *sql.DB, id int64) {
	jobstore.SaveResult(ctx, db, id, "r") // ok: no lease is held
}

// WorkGorm claims through GORM in another package.
func WorkGorm(db *gorm.DB, j *jobstore.Job) {
	if !jobstore.ClaimGorm(db, j) {
		db.Model(j).Where("id = ?", j.ID).Update("misses", 1) // ok: the claim failed
		return
	}
	db.Model(j).Where("id = ?", j.ID).Update("result", "r") // want `unfenced: \(\*gorm\.DB\)\.Update updates`
	if res := db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version+1).Update("result", "r"); res.RowsAffected == 0 {
		return // ok: fenced, rejection checked
	}
}

// WorkLease takes a lease-table lease through GORM in another package.
func WorkLease(db *gorm.DB, j *jobstore.Job) {
	if !jobstore.LockGorm(db, "reports", "w1") {
		db.Model(j).Where("id = ?", j.ID).Update("misses", 1) // ok: the claim failed
		return
	}
	db.Model(j).Where("id = ?", j.ID).Update("result", "r") // want `unfenced: \(\*gorm\.DB\)\.Update updates`
}
