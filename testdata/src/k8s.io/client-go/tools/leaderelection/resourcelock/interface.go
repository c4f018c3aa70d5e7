// Package resourcelock synthesizes the part of k8s.io/client-go/tools/leaderelection/resourcelock that fencecheck's tests need, with the real signatures.
package resourcelock

import "context"

const LeasesResourceLock = "leases"

// LeaderElectionRecord leaves out AcquireTime, RenewTime (metav1.Time) and
// Strategy (coordinationv1.CoordinatedLeaseStrategy).
type LeaderElectionRecord struct {
	HolderIdentity       string
	LeaseDurationSeconds int
	LeaderTransitions    int
	PreferredHolder      string
}

type ResourceLockConfig struct {
	Identity string
}

type Interface interface {
	Get(ctx context.Context) (*LeaderElectionRecord, []byte, error)
	Create(ctx context.Context, ler LeaderElectionRecord) error
	Update(ctx context.Context, ler LeaderElectionRecord) error
	RecordEvent(string)
	Identity() string
	Describe() string
}
