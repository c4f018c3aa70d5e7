// Package activities holds Temporal activities as methods of a struct. It
// does not import the Temporal SDK: cmd/temporalworker registers it.
package activities

import (
	"context"

	"example.com/services/reports"
)

// Activities are registered as a struct: each exported method is an
// activity, run under the activity's lease.
type Activities struct {
	Reports *reports.Service
}

// Archive archives a report.
func (a *Activities) Archive(ctx context.Context, id int64) error {
	return a.Reports.Archive(ctx, id)
}
