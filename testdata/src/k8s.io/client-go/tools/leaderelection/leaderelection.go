// Package leaderelection synthesizes the part of k8s.io/client-go/tools/leaderelection that fencecheck's tests need, with the real signatures.
package leaderelection

import (
	"context"
	"time"

	rl "k8s.io/client-go/tools/leaderelection/resourcelock"
)

type LeaderCallbacks struct {
	OnStartedLeading func(context.Context)
	OnStoppedLeading func()
	OnNewLeader      func(identity string)
}

type LeaderElectionConfig struct {
	Lock            rl.Interface
	LeaseDuration   time.Duration
	RenewDeadline   time.Duration
	RetryPeriod     time.Duration
	Callbacks       LeaderCallbacks
	ReleaseOnCancel bool
	Name            string
	Coordinated     bool
}

type LeaderElector struct{}

func NewLeaderElector(lec LeaderElectionConfig) (*LeaderElector, error) { return nil, nil }

func RunOrDie(ctx context.Context, lec LeaderElectionConfig) {}

func (le *LeaderElector) Run(ctx context.Context) {}

func (le *LeaderElector) IsLeader() bool { return false }

func (le *LeaderElector) GetLeader() string { return "" }

func (le *LeaderElector) Check(maxTolerableExpiredLease time.Duration) error { return nil }
