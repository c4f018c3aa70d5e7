// Package v1 synthesizes the part of k8s.io/api/core/v1 that fencecheck's tests need, with the real signatures.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

type Pod struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec PodSpec
}

type PodSpec struct{ NodeName string }

type PodList struct{ Items []Pod }

type ConfigMap struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Data map[string]string
}

func (in *ConfigMap) DeepCopy() *ConfigMap {
	if in == nil {
		return nil
	}
	out := new(ConfigMap)
	*out = *in
	return out
}
