// Package gormjobs claims job rows optimistically through GORM.
package gormjobs

import (
	"errors"
	"time"

	"gorm.io/gorm"
)

var errLost = errors.New("lost the claim")

// Job is a job row.
type Job struct {
	ID      int64
	Status  string
	Version int64
	Result  string
}

// Run claims the job and writes under the claim.
func Run(db *gorm.DB, j *Job) error {
	res := db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version).Updates(map[string]interface{}{
		"status":  "running",
		"version": gorm.Expr("version + 1"),
		"utime":   time.Now(),
	})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		db.Model(j).Where("id = ?", j.ID).Update("misses", gorm.Expr("misses + 1")) // ok: the claim failed
		return errLost
	}
	db.Model(j).Where("id = ?", j.ID).Update("result", "r") // want `unfenced: \(\*gorm\.DB\)\.Update updates`
	done := db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version+1).Updates(map[string]interface{}{"status": "done"})
	if done.RowsAffected == 0 {
		return errLost // ok: fenced, rejection checked
	}
	db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version+1).Updates(map[string]interface{}{"result": "r"}) // want `uncheckedfence: \(\*gorm\.DB\)\.Updates updates`
	return nil
}

// Edit is a compare-and-set edit of a record: no lease.
func Edit(db *gorm.DB, j *Job) error {
	res := db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version).Updates(map[string]interface{}{
		"result":     "edited",
		"version":    gorm.Expr("version + 1"),
		"updated_at": time.Now(),
	})
	if res.RowsAffected == 0 {
		return errLost
	}
	db.Model(j).Where("id = ?", j.ID).Update("views", 0) // ok: an edit takes no lease
	return nil
}

// Unchecked never reads the claim's row count: no claim.
func Unchecked(db *gorm.DB, j *Job) {
	db.Model(j).Where("id = ? AND version = ?", j.ID, j.Version).Updates(map[string]interface{}{
		"status":  "running",
		"version": gorm.Expr("version + 1"),
	})
	db.Model(j).Where("id = ?", j.ID).Update("result", "r") // ok: no claim is known to have succeeded
}
