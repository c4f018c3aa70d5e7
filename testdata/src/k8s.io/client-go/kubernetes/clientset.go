// Package kubernetes synthesizes the part of k8s.io/client-go/kubernetes that fencecheck's tests need, with the real signatures.
package kubernetes

import corev1 "k8s.io/client-go/kubernetes/typed/core/v1"

type Interface interface {
	CoreV1() corev1.CoreV1Interface
}

type Clientset struct{}

func (c *Clientset) CoreV1() corev1.CoreV1Interface { return nil }
