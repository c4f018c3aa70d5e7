// Package activity synthesizes the part of go.temporal.io/sdk/activity that fencecheck's tests need, with the real signatures.
package activity

import (
	"context"

	"go.temporal.io/sdk/internal"
)

type Info = internal.ActivityInfo

type RegisterOptions = internal.RegisterActivityOptions

func GetInfo(ctx context.Context) Info { return Info{} }

func RecordHeartbeat(ctx context.Context, details ...any) {}

func HasHeartbeatDetails(ctx context.Context) bool { return false }

func GetHeartbeatDetails(ctx context.Context, d ...any) error { return nil }

func GetWorkerStopChannel(ctx context.Context) <-chan struct{} { return nil }

func IsActivity(ctx context.Context) bool { return false }
