// Package gormcase claims job rows optimistically through GORM: the row
// moves to running and its version is incremented on the condition of the
// version read, and the row count says whether the claim won.
package gormcase

import (
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var errLost = errors.New("lost the claim")

// Job is a job row.
type Job struct {
	ID      int64
	Status  string
	Version int64
	Result  string
}

// Lease is a row of a lease table.
type Lease struct {
	Name      string
	Holder    string
	ExpiresAt time.Time
}

// Run claims the job, then writes by id alone and by the new version.
func Run(db *gorm.DB, j *Job) error {
	res := db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version).Updates(map[string]interface{}{
		"status":  "running",
		"version": gorm.Expr("version + 1"),
		"utime":   time.Now(),
	})
	if res.Error != nil || res.RowsAffected == 0 {
		return errLost // ok: the claim failed
	}
	db.Model(j).Where("id = ?", j.ID).Update("result", "r") // finding: unfenced
	if done := db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version+1).Updates(map[string]interface{}{"status": "done"}); done.RowsAffected == 0 {
		return errLost // ok: keyed by the version the claim set, the rejection read
	}
	db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version+1).Updates(map[string]interface{}{"result": "r"}) // finding: uncheckedfence
	return nil
}

// Edit is a compare-and-set edit of a record: no lease.
func Edit(db *gorm.DB, j *Job) error {
	res := db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version).Updates(map[string]interface{}{
		"result":  "edited",
		"version": gorm.Expr("version + 1"),
	})
	if res.RowsAffected == 0 {
		return errLost
	}
	db.Model(j).Where("id = ?", j.ID).Update("views", 0) // ok: an edit takes no lease
	return nil
}

// Lock takes a named lease with an upsert that updates only an expired
// row, then writes the job by id alone.
func Lock(db *gorm.DB, name, me string, j *Job) error {
	res := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "name"}},
		DoUpdates: clause.AssignmentColumns([]string{"holder", "expires_at"}),
		Where:     clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "leases.expires_at < now()"}}},
	}).Create(&Lease{Name: name, Holder: me, ExpiresAt: time.Now().Add(time.Minute)})
	if res.Error != nil || res.RowsAffected == 0 {
		return errLost
	}
	db.Model(j).Where("id = ?", j.ID).Update("result", "r") // finding: unfenced
	return nil
}
