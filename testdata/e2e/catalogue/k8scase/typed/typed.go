// Package typed drains nodes through client-go's typed clients while it
// holds a leader election lease.
package typed

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
)

// Drainer evicts the pods of cordoned nodes while it leads.
type Drainer struct {
	Client kubernetes.Interface
}

// Run campaigns and drains while it leads.
func (d *Drainer) Run(ctx context.Context, lock resourcelock.Interface) {
	leaderelection.RunOrDie(ctx, leaderelection.LeaderElectionConfig{
		Lock:          lock,
		LeaseDuration: 15 * time.Second,
		RenewDeadline: 10 * time.Second,
		RetryPeriod:   2 * time.Second,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: d.drain,
			OnStoppedLeading: func() {},
		},
	})
}

// drain runs while this process holds the lease.
func (d *Drainer) drain(ctx context.Context) {
	pods := d.Client.CoreV1().Pods("jobs")
	list, err := pods.List(ctx, metav1.ListOptions{LabelSelector: "drain=true"})
	if err != nil {
		return
	}
	for _, p := range list.Items {
		pods.EvictV1(ctx, &policyv1.Eviction{ObjectMeta: metav1.ObjectMeta{Name: p.Name, Namespace: p.Namespace}}) // finding: unfenced
		pods.EvictV1(ctx, &policyv1.Eviction{                                                                      // ok: the API server checks the pod's UID
			ObjectMeta:    metav1.ObjectMeta{Name: p.Name, Namespace: p.Namespace},
			DeleteOptions: metav1.NewPreconditionDeleteOptions(string(p.UID)),
		})
	}
	cms := d.Client.CoreV1().ConfigMaps("jobs")
	cms.Patch(ctx, "drain-state", types.MergePatchType, []byte(`{"data":{"phase":"drained"}}`), metav1.PatchOptions{}) // finding: unfenced
	cm, err := cms.Get(ctx, "drain-round", metav1.GetOptions{})
	if err != nil {
		return
	}
	cm.Data["round"] = "next"
	cms.Update(ctx, cm, metav1.UpdateOptions{})                                                                                        // finding: weakguard
	cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "drain-log"}}, metav1.CreateOptions{})                       // ok: fails when it exists
	cms.Update(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "drain-pin", ResourceVersion: "7"}}, metav1.UpdateOptions{}) // ok: conditioned on a version fencecheck does not trace
	if copied, err := cms.Get(ctx, "drain-copy", metav1.GetOptions{}); err == nil {
		cms.Update(ctx, copied.DeepCopy(), metav1.UpdateOptions{}) // ok: a copy of what was read, not traced
	}
}
