// Package gormcase exercises GORM.
package gormcase

import (
	"context"
	"database/sql"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Result is a stored result.
type Result struct {
	JobID int64
	Body  string
	Fence int64
}

//fencecheck:acquire
func claim(ctx context.Context, db *sql.DB) (int64, error) { return 0, nil }

// Write writes through GORM after a claim.
func Write(ctx context.Context, sqldb *sql.DB, db *gorm.DB, r *Result) {
	tok, err := claim(ctx, sqldb)
	if err != nil {
		return
	}
	db.Save(r)                                                                     // want `\(\*gorm\.DB\)\.Save writes under a lease without a fencing token; Save falls back to an unconditional upsert`
	db.Model(r).Where("job_id = ?", r.JobID).Update("body", r.Body)                // want `\(\*gorm\.DB\)\.Update updates under a lease`
	db.Model(r).Where("job_id = ? AND fence < ?", r.JobID, tok).Update("body", r.Body) // ok: guarded by token compare
	db.Table("results").Where("job_id = ?", r.JobID).Delete(&Result{})             // want `\(\*gorm\.DB\)\.Delete deletes from results under a lease`
	db.Create(r)                                                                   // ok: a plain create appends
	db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "job_id"}}, UpdateAll: true}).Create(r) // want `\(\*gorm\.DB\)\.Create upserts under a lease`
	db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "job_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"body", "fence"}),
		Where:     clause.Where{Exprs: []clause.Expression{gorm.Expr("results.fence < excluded.fence")}},
	}).Create(r) // ok: guarded upsert
	db.Clauses(clause.OnConflict{DoNothing: true}).Create(r)           // ok: cannot overwrite
	db.Exec(`UPDATE results SET body = ? WHERE job_id = ?`, "b", r.JobID) // want `\(\*gorm\.DB\)\.Exec updates results under a lease`
}
