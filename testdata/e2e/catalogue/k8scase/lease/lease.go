// Package lease builds the Kubernetes Lease lock that k8scase.Run campaigns on.
package lease

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/leaderelection/resourcelock"
)

// Lock builds the lock on the billing-sync Lease.
func Lock(cs kubernetes.Interface, id string) *resourcelock.LeaseLock {
	return &resourcelock.LeaseLock{
		LeaseMeta:  metav1.ObjectMeta{Name: "billing-sync", Namespace: "billing"},
		Client:     cs.CoordinationV1(),
		LockConfig: resourcelock.ResourceLockConfig{Identity: id},
	}
}
