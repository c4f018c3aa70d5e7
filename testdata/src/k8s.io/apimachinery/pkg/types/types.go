// Package types synthesizes the part of k8s.io/apimachinery/pkg/types that fencecheck's tests need, with the real signatures.
package types

type UID string

type PatchType string

const (
	JSONPatchType           PatchType = "application/json-patch+json"
	MergePatchType          PatchType = "application/merge-patch+json"
	StrategicMergePatchType PatchType = "application/strategic-merge-patch+json"
)
