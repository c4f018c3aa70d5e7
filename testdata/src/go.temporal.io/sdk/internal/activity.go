// Package internal synthesizes the part of go.temporal.io/sdk/internal that fencecheck's tests need, with the real signatures.
package internal

import "time"

type (
	WorkflowExecution struct {
		ID    string
		RunID string
	}

	ActivityType struct {
		Name string
	}

	ActivityInfo struct {
		TaskToken           []byte
		WorkflowNamespace   string
		WorkflowExecution   WorkflowExecution
		ActivityID          string
		ActivityRunID       string
		ActivityType        ActivityType
		TaskQueue           string
		HeartbeatTimeout    time.Duration
		StartToCloseTimeout time.Duration
		ScheduledTime       time.Time
		StartedTime         time.Time
		Deadline            time.Time
		Attempt             int32
		IsLocalActivity     bool
	}
)

type RegisterActivityOptions struct {
	Name                          string
	DisableAlreadyRegisteredCheck bool
	SkipInvalidStructFunctions    bool
}
