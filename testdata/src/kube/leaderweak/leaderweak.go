// Package leaderweak updates Kubernetes objects under a leader election
// lease, conditioned on the version it has just read.
package leaderweak

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection"
)

// Run leads with the callbacks below.
func Run(ctx context.Context, client kubernetes.Interface, lec leaderelection.LeaderElectionConfig) {
	lec.Callbacks = leaderelection.LeaderCallbacks{
		OnStartedLeading: func(ctx context.Context) { advance(ctx, client) },
		OnStoppedLeading: func() {},
	}
	leaderelection.RunOrDie(ctx, lec)
}

// advance moves the round on: a read-modify-write conditioned on the
// version it read, which a leader that lost the lease reads fresh too.
func advance(ctx context.Context, client kubernetes.Interface) {
	cms := client.CoreV1().ConfigMaps("jobs")
	cm, err := cms.Get(ctx, "state", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data["round"] = "next"
	cms.Update(ctx, cm, metav1.UpdateOptions{}) // want `\(v1\.ConfigMapInterface\)\.Update updates a Kubernetes ConfigMap with a guard that does not fence: the condition is a version read just before the write`
}

// observe reads and updates under no lease.
func observe(ctx context.Context, client kubernetes.Interface) {
	cms := client.CoreV1().ConfigMaps("jobs")
	cm, err := cms.Get(ctx, "state", metav1.GetOptions{})
	if err != nil {
		return
	}
	cms.Update(ctx, cm, metav1.UpdateOptions{}) // ok: no lease is held
}
