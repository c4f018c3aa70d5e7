// Package jobs holds the River, asynq and Temporal entrypoints; each
// delegates to the reports service.
package jobs

import (
	"context"

	"github.com/riverqueue/river"

	"example.com/services/reports"
)

// PublishArgs are River job arguments.
type PublishArgs struct {
	ReportID int64 `json:"report_id"`
}

// Kind names the job kind.
func (PublishArgs) Kind() string { return "publish" }

// PublishWorker publishes a report under the job's lease.
type PublishWorker struct {
	river.WorkerDefaults[PublishArgs]
	Reports *reports.Service
}

// Work runs the job.
func (w *PublishWorker) Work(ctx context.Context, job *river.Job[PublishArgs]) error {
	return w.Reports.Publish(ctx, job.Args.ReportID) // finding: unfenced
}

// Publish publishes a report from an admin request; no job lease is held.
func Publish(ctx context.Context, svc *reports.Service, id int64) error {
	return svc.Publish(ctx, id) // ok: no lease is held (inventory: unscoped)
}
