// Package leader writes to the Kubernetes API while it holds a leader
// election lease.
package leader

import (
	"context"
	"encoding/json"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection"
	"k8s.io/client-go/tools/leaderelection/resourcelock"

	"kube/evictor"
)

// Controller reconciles config maps and evicts pods while it leads.
type Controller struct {
	client kubernetes.Interface
	ev     *evictor.Evictor
}

// Run campaigns for the lease and leads while it holds it.
func (c *Controller) Run(ctx context.Context, lock resourcelock.Interface) {
	leaderelection.RunOrDie(ctx, leaderelection.LeaderElectionConfig{
		Lock:          lock,
		LeaseDuration: 15 * time.Second,
		RenewDeadline: 10 * time.Second,
		RetryPeriod:   2 * time.Second,
		Callbacks: leaderelection.LeaderCallbacks{
			OnStartedLeading: c.lead,
			OnStoppedLeading: func() {},
		},
	})
}

// lead runs while this process holds the lease.
func (c *Controller) lead(ctx context.Context) {
	cms := c.client.CoreV1().ConfigMaps("jobs")
	cms.Delete(ctx, "stale", metav1.DeleteOptions{}) // want `\(v1\.ConfigMapInterface\)\.Delete deletes a Kubernetes ConfigMap under a lease without a fencing token`
	rv := "41"
	cms.Delete(ctx, "exact", metav1.DeleteOptions{Preconditions: &metav1.Preconditions{ResourceVersion: &rv}}) // ok: the API server checks the preconditions

	fresh := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "fresh"}, Data: map[string]string{"a": "b"}}
	cms.Update(ctx, fresh, metav1.UpdateOptions{}) // want `\(v1\.ConfigMapInterface\)\.Update updates a Kubernetes ConfigMap under a lease without a fencing token; the object is built without a resourceVersion`
	pinned := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "pinned", ResourceVersion: rv}}
	cms.Update(ctx, pinned, metav1.UpdateOptions{})                                                        // ok: conditioned on a version fencecheck cannot trace
	cms.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "new"}}, metav1.CreateOptions{}) // ok: fails when the object exists

	pods := c.client.CoreV1().Pods("jobs")
	pods.Patch(ctx, "web-0", types.MergePatchType, []byte(`{"metadata":{"labels":{"drained":"true"}}}`), metav1.PatchOptions{})                        // want `\(v1\.PodInterface\)\.Patch patches a Kubernetes Pod under a lease without a fencing token`
	pods.Patch(ctx, "web-1", types.MergePatchType, []byte(`{"metadata":{"resourceVersion":"12","labels":{"drained":"true"}}}`), metav1.PatchOptions{}) // ok: the patch names the resourceVersion
	patch, _ := json.Marshal(map[string]any{"spec": map[string]any{"nodeName": ""}})
	pods.Patch(ctx, "web-2", types.MergePatchType, patch, metav1.PatchOptions{}) // ok: built at run time, not judged

	c.ev.Evict(ctx, "jobs", "web-3") // want `call to \(\*evictor\.Evictor\)\.Evict writes Pod via \(v1\.PodExpansion\)\.EvictV1 without a fencing token`
	if p, err := pods.Get(ctx, "web-4", metav1.GetOptions{}); err == nil {
		c.ev.EvictExact(ctx, p) // ok: the eviction carries the pod's UID as a precondition
	}
}

// cleanup runs under no lease.
func (c *Controller) cleanup(ctx context.Context) {
	c.client.CoreV1().ConfigMaps("jobs").Delete(ctx, "stale", metav1.DeleteOptions{}) // ok: no lease is held
	c.ev.Evict(ctx, "jobs", "web-5")                                                  // ok: no lease is held
}
