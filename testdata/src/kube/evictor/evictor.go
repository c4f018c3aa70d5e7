// Package evictor evicts pods for callers in other packages.
package evictor

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// Evictor evicts pods through the Kubernetes API.
type Evictor struct{ Client kubernetes.Interface }

// Evict evicts the pod by name: a pod recreated under the same name is
// evicted too.
func (e *Evictor) Evict(ctx context.Context, ns, name string) error {
	return e.Client.CoreV1().Pods(ns).EvictV1(ctx, &policyv1.Eviction{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns}})
}

// EvictExact evicts the pod only while it is the one the caller looked
// at: the API server checks its UID.
func (e *Evictor) EvictExact(ctx context.Context, pod *corev1.Pod) error {
	return e.Client.CoreV1().Pods(pod.Namespace).EvictV1(ctx, &policyv1.Eviction{
		ObjectMeta:    metav1.ObjectMeta{Name: pod.Name, Namespace: pod.Namespace},
		DeleteOptions: metav1.NewPreconditionDeleteOptions(string(pod.UID)),
	})
}
