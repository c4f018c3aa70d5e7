// Package gormlease takes named leases in a lease table through GORM: an
// upsert whose OnConflict updates the holder only when the stored lease
// expired, and a conditional update with its row count checked.
package gormlease

import (
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var errHeld = errors.New("lease held elsewhere")

// Lease is a row of the lease table.
type Lease struct {
	Name      string
	Holder    string
	ExpiresAt time.Time
}

// Report is a row the lease holder writes.
type Report struct {
	Name string
	Body string
}

// Upsert takes the lease with Clauses(clause.OnConflict{…}).Create.
func Upsert(db *gorm.DB, name, me string) error {
	res := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "name"}},
		DoUpdates: clause.AssignmentColumns([]string{"holder", "expires_at"}),
		Where:     clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "leases.expires_at < now()"}}},
	}).Create(&Lease{Name: name, Holder: me, ExpiresAt: time.Now().Add(time.Minute)})
	if res.Error != nil || res.RowsAffected == 0 {
		return errHeld
	}
	db.Model(&Report{}).Where("name = ?", name).Update("body", "b") // want `unfenced: \(\*gorm\.DB\)\.Update updates`
	return nil
}

// UpsertAssignments sets the lease columns with clause.Assignments.
func UpsertAssignments(db *gorm.DB, name, me string) error {
	res := db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "name"}},
		DoUpdates: clause.Assignments(map[string]interface{}{"holder": me, "expires_at": gorm.Expr("now() + interval '1 minute'")}),
		Where:     clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "leases.holder IS NULL OR leases.expires_at < now()"}}},
	}).Create(&Lease{Name: name, Holder: me})
	if res.RowsAffected == 0 {
		return errHeld
	}
	db.Where("name = ?", name).Delete(&Report{}) // want `unfenced: \(\*gorm\.DB\)\.Delete deletes$`
	return nil
}

// Update takes the lease with a Where chain and Updates.
func Update(db *gorm.DB, name, me string) error {
	res := db.Model(&Lease{}).Where("name = ? AND (holder IS NULL OR expires_at < ?)", name, time.Now()).
		Updates(map[string]interface{}{"holder": me, "expires_at": time.Now().Add(time.Minute)})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		db.Model(&Report{}).Where("name = ?", name).Update("misses", gorm.Expr("misses + 1")) // ok: the claim failed
		return errHeld
	}
	db.Model(&Report{}).Where("name = ?", name).Update("body", "b") // want `unfenced: \(\*gorm\.DB\)\.Update updates`
	return nil
}

// Overwrite upserts the lease whatever the stored row holds: a write, not
// a claim, and no lease is held after it.
func Overwrite(db *gorm.DB, name, me string) {
	db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "name"}},
		DoUpdates: clause.AssignmentColumns([]string{"holder", "expires_at"}),
	}).Create(&Lease{Name: name, Holder: me})
	db.Model(&Report{}).Where("name = ?", name).Update("body", "b") // ok: no lease is held
}

// ResultUpsert upserts a report with a condition that is no lease: an
// ordinary guarded upsert, no claim.
func ResultUpsert(db *gorm.DB, name string) {
	db.Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "name"}},
		DoUpdates: clause.AssignmentColumns([]string{"body"}),
		Where:     clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "reports.fence < excluded.fence"}}},
	}).Create(&Report{Name: name})
	db.Model(&Report{}).Where("name = ?", name).Update("body", "b") // ok: no lease is held
}
