// Package svcmain wires the implementations into svcrun.
package svcmain

import (
	"context"
	"database/sql"

	"preflight/svcimpl"
	"preflight/svcrun"
)

// Checked runs with the implementation that checks the deadline first.
func Checked(ctx context.Context, db *sql.DB) error {
	return svcrun.Run(ctx, &svcimpl.Checked{DB: db}, 1) // want `after an ownership check`
}

// Unchecked runs with the implementation that writes with no check.
func Unchecked(ctx context.Context, db *sql.DB) error {
	return svcrun.Run(ctx, &svcimpl.Unchecked{DB: db}, 1) // ok: reported by unfenced, not preflight
}
