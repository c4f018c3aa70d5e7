// Package clause synthesizes the part of gorm.io/gorm/clause that
// fencecheck's tests need.
package clause

// Expression is a SQL expression.
type Expression interface{}

// Column is a column.
type Column struct{ Name string }

// Set is a list of assignments.
type Set []Assignment

// Assignment assigns a value to a column.
type Assignment struct {
	Column Column
	Value  interface{}
}

// Where is a WHERE clause.
type Where struct{ Exprs []Expression }

// Expr is a raw expression.
type Expr struct {
	SQL  string
	Vars []interface{}
}

// OnConflict is an ON CONFLICT clause.
type OnConflict struct {
	Columns      []Column
	Where        Where
	TargetWhere  Where
	OnConstraint string
	DoNothing    bool
	DoUpdates    Set
	UpdateAll    bool
}

// AssignmentColumns updates the columns from the excluded row.
func AssignmentColumns(values []string) Set { return nil }

// Assignments updates the columns to the values.
func Assignments(values map[string]interface{}) Set { return nil }
