package ifacename // want `analysed`

import (
	"context"
	"database/sql"
)

// DBTX is what *sql.DB and *sql.Tx implement, as generated query code
// declares it.
type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Finish runs a statement through an interface whose method has the name
// of a catalogued SQL execution: the interface may stand for a SQL handle.
func Finish(ctx context.Context, db DBTX) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET done = true WHERE id = 1`)
	return err
}
