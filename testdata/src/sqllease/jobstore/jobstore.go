// Package jobstore claims job rows optimistically and writes them; its
// callers hold the claim.
package jobstore

import (
	"context"
	"database/sql"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Claim moves the job to running if its version is still ver; it reports
// whether it won.
func Claim(ctx context.Context, db *sql.DB, id, ver int64) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'running', version = version + 1, utime = $1 WHERE id = $2 AND version = $3`, time.Now(), id, ver)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ClaimPgx is Claim through a pgx pool.
func ClaimPgx(ctx context.Context, pool *pgxpool.Pool, id, ver int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running', version = version + 1, utime = now() WHERE id = $1 AND version = $2`, id, ver)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

// SaveResult writes the result keyed by the job's id alone.
func SaveResult(ctx context.Context, db *sql.DB, id int64, r string) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET result = $1 WHERE id = $2`, r, id)
	return err
}

// SaveResultVersioned writes the result only while the version is the
// one the claim set, and says whether it was accepted.
func SaveResultVersioned(ctx context.Context, db *sql.DB, id, ver int64, r string) (bool, error) {
	res, err := db.ExecContext(ctx, `UPDATE jobs SET result = $1 WHERE id = $2 AND version = $3`, r, id, ver)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Job is a job row for GORM.
type Job struct {
	ID      int64
	Version int64
}

// ClaimGorm is Claim through GORM; it reports whether it won.
func ClaimGorm(db *gorm.DB, j *Job) bool {
	res := db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version).Updates(map[string]any{
		"status": "running", "version": gorm.Expr("version + 1"), "heartbeat_at": time.Now(),
	})
	return res.Error == nil && res.RowsAffected == 1
}

// Lease is a row of the lease table.
type Lease struct {
	Name   string
	Holder string
}

// LockGorm takes a named lease with an upsert that updates only an
// expired row; it reports whether it won.
func LockGorm(db *gorm.DB, name, me string) bool {
	res := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "name"}},
		DoUpdates: clause.AssignmentColumns([]string{"holder", "lease_until"}),
		Where:     clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "leases.lease_until < now()"}}},
	}).Create(&Lease{Name: name, Holder: me})
	return res.Error == nil && res.RowsAffected > 0
}
