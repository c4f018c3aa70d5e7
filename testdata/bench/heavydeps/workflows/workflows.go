// Package workflows holds the Temporal workflow and activity of the
// service.
package workflows

import (
	"context"
	"time"

	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"example.com/heavydeps/store"
)

// Activities run the job steps.
type Activities struct{ Jobs *store.Jobs }

// Complete marks one job done under the activity's claim.
func (a *Activities) Complete(ctx context.Context, id, token int64) error {
	activity.RecordHeartbeat(ctx, id)
	_, err := a.Jobs.Finish(ctx, id, token, "done")
	return err
}

// Process is the workflow.
func Process(ctx workflow.Context, id, token int64) error {
	ctx = workflow.WithActivityOptions(ctx, workflow.ActivityOptions{StartToCloseTimeout: time.Minute})
	var a *Activities
	return workflow.ExecuteActivity(ctx, a.Complete, id, token).Get(ctx, nil)
}

// Serve registers the workflow and activity and runs a worker.
func Serve(c client.Client, a *Activities) error {
	w := worker.New(c, "jobs", worker.Options{})
	w.RegisterWorkflow(Process)
	w.RegisterActivity(a)
	return w.Run(worker.InterruptCh())
}
