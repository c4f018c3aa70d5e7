// Package v1 synthesizes the part of k8s.io/api/policy/v1 that fencecheck's tests need, with the real signatures.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Eviction struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	DeleteOptions *metav1.DeleteOptions
}
