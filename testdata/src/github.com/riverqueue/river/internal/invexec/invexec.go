// Package invexec stands for a package of a library the catalogue models
// that runs jobs: inside the library's own module its other packages are
// user code, and their facts are used like any package's.
package invexec

import (
	"context"
	"database/sql"

	"github.com/riverqueue/river/internal/invdone"
)

// Execute runs a job under its lease.
//
//fencecheck:handler
func Execute(ctx context.Context, db *sql.DB, id int64) error { // want `lease scope: handler Execute runs under a lease`
	return invdone.Complete(ctx, db, id) // want `^call to invdone\.Complete writes river_job via \(\*sql\.DB\)\.ExecContext: reported \(unfenced\)`
}
