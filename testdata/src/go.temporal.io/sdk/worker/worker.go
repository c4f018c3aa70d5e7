// Package worker synthesizes the part of go.temporal.io/sdk/worker that fencecheck's tests need, with the real signatures.
//
// RegisterActivity is how an activity's methods become handler entrypoints.
package worker

import (
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/internal"
)

type Options = internal.WorkerOptions

type ActivityRegistry interface {
	RegisterActivity(a any)
	RegisterActivityWithOptions(a any, options activity.RegisterOptions)
}

type Registry interface {
	ActivityRegistry
}

type Worker interface {
	Registry
	Start() error
	Run(interruptCh <-chan any) error
	Stop()
}

func New(client client.Client, taskQueue string, options Options) Worker { return nil }
