// Package gorm synthesizes the part of gorm.io/gorm that fencecheck's
// tests need, with the real signatures.
package gorm

import (
	"database/sql"

	"gorm.io/gorm/clause"
)

// DB is a GORM handle; every chain method returns a new one.
type DB struct {
	Error        error
	RowsAffected int64
}

// Model sets the model.
func (db *DB) Model(value interface{}) (tx *DB) { return db }

// Table sets the table.
func (db *DB) Table(name string, args ...interface{}) (tx *DB) { return db }

// Where adds conditions.
func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB) { return db }

// Clauses adds clauses.
func (db *DB) Clauses(conds ...clause.Expression) (tx *DB) { return db }

// Save updates value, or inserts it when the update matches nothing.
func (db *DB) Save(value interface{}) (tx *DB) { return db }

// Create inserts value.
func (db *DB) Create(value interface{}) (tx *DB) { return db }

// Update updates one column.
func (db *DB) Update(column string, value interface{}) (tx *DB) { return db }

// Updates updates columns.
func (db *DB) Updates(values interface{}) (tx *DB) { return db }

// Delete deletes value.
func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB) { return db }

// Exec executes raw SQL.
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB) { return db }

// Transaction runs fc in a transaction.
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) { return nil }

// Expr builds a raw expression.
func Expr(expr string, args ...interface{}) clause.Expr { return clause.Expr{SQL: expr, Vars: args} }
